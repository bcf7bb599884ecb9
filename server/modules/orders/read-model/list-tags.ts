import type { OrderListScope } from './list-keys';

/**
 * Cache tags of what GET /api/orders reads (list totals, deep page windows): a list is tagged by
 * the companies of its scope, and every change of a company's orders invalidates its tag and
 * 'orders:all' (the administrator's list of every company).
 */
export const listTags = (scope: OrderListScope): string[] =>
  scope.kind === 'all'
    ? ['orders:all']
    : [...scope.processedBy, ...scope.createdBy].map((id) => `c${id}:orders`);

/** The tags a change of these companies' orders makes stale. */
export const changedTags = (companyIds: readonly number[]): string[] => [
  'orders:all',
  ...companyIds.map((id) => `c${id}:orders`),
];
