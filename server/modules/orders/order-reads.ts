import type { ListOrdersQuery, Order } from '@common/orders/orders.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import type { CallerCompanies, CallerCompaniesOf } from './caller-companies';
import { findOrder, findOrderRow, historyOf } from './orders.repo';
import type { DispatcherTab } from './read-model/dispatcher.repo';
import { reportRows } from './read-model/dispatcher.repo';
import type { ConsoleCaller, TabQuery } from './read-model/dispatcher-board';
import type { OrderListScope } from './read-model/list-keys';
import type { OrdersReadModel } from './read-model/orders-read-model';

/**
 * Which orders a person's lists, tabs and counters show, decided here for all of them: his
 * dispatching companies' by the company that dispatches them (`processed_by_company_id`), his
 * protocol companies' by the company the ride is billed to (`protocol_company_id`: what he placed
 * himself and what a dispatcher placed for his company, all of it on his statement). One
 * order's read (`inOrderScope`) and its socket rooms (publisher.ts) follow the same two columns.
 */
export function consoleScopeOf(companies: CallerCompanies): {
  processedBy: number[];
  billedTo: number[];
} {
  return {
    processedBy: companies.filter((c) => c.type !== 'protocol').map((c) => c.id),
    billedTo: companies.filter((c) => c.type === 'protocol').map((c) => c.id),
  };
}

/** What the order routes read: one order, its history, pages of GET /api/orders and the tabs. */
export function createOrderReads(
  db: Db,
  readModel: Pick<OrdersReadModel, 'list' | 'tab' | 'statistics' | 'liveStatistics'>,
  callerCompanies: CallerCompaniesOf,
) {
  /** The caller of the tabs and counters: his dispatching and protocol companies. */
  async function consoleCaller(auth: AuthContext): Promise<ConsoleCaller> {
    const { processedBy, billedTo } = consoleScopeOf(await callerCompanies(auth));
    return { userId: auth.userId, companyIds: processedBy, billedTo };
  }

  async function get(auth: AuthContext, id: number): Promise<Order> {
    const order = await findOrder(db, scopeOf(auth), id);
    if (!order) throw notFound('order');
    return order;
  }

  async function orderHistory(auth: AuthContext, id: number) {
    if (!(await findOrderRow(db, scopeOf(auth), id))) throw notFound('order');
    return historyOf(db, id);
  }

  /** GET /api/orders: dispatch companies by the orders they dispatch, protocol ones by those billed to them. */
  async function list(auth: AuthContext, query: ListOrdersQuery) {
    const scope: OrderListScope = isAdmin(auth)
      ? { kind: 'all' }
      : { kind: 'companies', ...consoleScopeOf(await callerCompanies(auth)) };
    return readModel.list(scope, query);
  }

  /** GET /api/dispatcher-orders/{tab}. */
  const tab = async (auth: AuthContext, name: DispatcherTab, query: TabQuery) =>
    readModel.tab(await consoleCaller(auth), name, query);
  /** GET /api/dispatcher-orders/statistics: the tabs' counters. */
  const statistics = async (auth: AuthContext) => readModel.statistics(await consoleCaller(auth));
  /** GET /api/dispatcher-orders/live-statistics: the top bar. */
  const liveStatistics = async (auth: AuthContext) =>
    readModel.liveStatistics(await consoleCaller(auth));

  /** GET /api/orders-for-report: the newest orders of the caller's companies. */
  const report = async (auth: AuthContext, limit: number) => {
    const { companyIds, billedTo = [] } = await consoleCaller(auth);
    return reportRows(db, { companyIds, billedTo }, limit);
  };

  return { get, orderHistory, list, report, tab, statistics, liveStatistics };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
