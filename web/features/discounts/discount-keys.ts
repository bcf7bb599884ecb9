/** The query keys of discount conditions and compensations; a write refreshes `all`. */
export const discountKeys = {
  all: ['discounts'] as const,
  list: (query: object) => ['discounts', 'list', query] as const,
  detail: (id: number) => ['discounts', 'detail', id] as const,
  applicable: (query: object) => ['discounts', 'applicable', query] as const,
  compensations: (query: object) => ['discounts', 'compensations', query] as const,
};
