import type { Order } from '@common/orders/orders.schema';
import type { OrderListScope } from './list-keys';

/**
 * The companies whose lists show an order: the one that dispatches it and the protocol company
 * it is billed to (order-reads.ts `consoleScopeOf`).
 */
export const companiesOf = (order: Pick<Order, 'processed_by_company_id' | 'protocol_user'>) =>
  order.protocol_user === null
    ? [order.processed_by_company_id]
    : [order.processed_by_company_id, order.protocol_user.id];

/**
 * Cache tags of what GET /api/orders reads (list totals, deep page windows): a list is tagged by
 * the companies of its scope, and every change of a company's orders invalidates its tag and
 * 'orders:all' (the administrator's list of every company).
 */
export const listTags = (scope: OrderListScope): string[] =>
  scope.kind === 'all'
    ? ['orders:all']
    : [...scope.processedBy, ...scope.billedTo].map((id) => `c${id}:orders`);

/** The tags a change of these companies' orders makes stale. */
export const changedTags = (companyIds: readonly number[]): string[] => [
  'orders:all',
  ...companyIds.map((id) => `c${id}:orders`),
];
