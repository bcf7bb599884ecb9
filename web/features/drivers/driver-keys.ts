/** TanStack Query keys of the drivers feature. */
export const driverKeys = {
  all: ['drivers'] as const,
  /** GET /api/drivers-positions: the drivers map's live list. */
  positions: ['drivers', 'positions'] as const,
  /** GET /api/users/{id} of a driver: the driver card. */
  detail: (id: number) => ['drivers', 'detail', id] as const,
  /** GET /api/orders/{id}/candidate-drivers: the manual assignment's list. */
  candidates: (orderId: number, search: string) =>
    ['drivers', 'candidates', orderId, search] as const,
};
