import type { ListOrdersQuery, Order } from '@common/orders/orders.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import type { CallerCompaniesOf } from './caller-companies';
import { findOrder, findOrderRow, historyOf } from './orders.repo';
import { reportRows } from './read-model/dispatcher.repo';
import type { OrderListScope } from './read-model/list-keys';
import type { OrdersReadModel } from './read-model/orders-read-model';

/** What the order routes read: one order, its history, and pages of GET /api/orders. */
export function createOrderReads(
  db: Db,
  readModel: Pick<OrdersReadModel, 'list'>,
  callerCompanies: CallerCompaniesOf,
) {
  async function get(auth: AuthContext, id: number): Promise<Order> {
    const order = await findOrder(db, scopeOf(auth), id);
    if (!order) throw notFound('order');
    return order;
  }

  async function orderHistory(auth: AuthContext, id: number) {
    if (!(await findOrderRow(db, scopeOf(auth), id))) throw notFound('order');
    return historyOf(db, id);
  }

  /** GET /api/orders: dispatch companies by the orders they dispatch, protocol ones by those they asked for. */
  async function list(auth: AuthContext, query: ListOrdersQuery) {
    const scope: OrderListScope = isAdmin(auth)
      ? { kind: 'all' }
      : await callerCompanies(auth).then((companies) => ({
          kind: 'companies',
          processedBy: companies.filter((c) => c.type !== 'protocol').map((c) => c.id),
          createdBy: companies.filter((c) => c.type === 'protocol').map((c) => c.id),
        }));
    return readModel.list(scope, query);
  }

  /** GET /api/orders-for-report: the newest orders of the caller's companies. */
  const report = (auth: AuthContext, limit: number) => reportRows(db, auth.companyIds, limit);

  return { get, orderHistory, list, report };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
