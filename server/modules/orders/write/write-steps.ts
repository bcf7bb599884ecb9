import type { Order } from '@common/orders/orders.schema';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { notFound } from '../../../http/app-error';
import { type AuthContext, scopeOf } from '../../../http/auth-context';
import { appendChange, type OrderChangeKind } from '../change-stream/order-changes.repo';
import { findAnyOrder, findOrder, findOrderRow, type OrderRow } from '../orders.repo';
import * as rows from './order-rows.repo';

/**
 * The dispatch engine as the orders' write path sees it: a placed or retried order's
 * search is born in the same transaction, and any change of an order wakes its search at once.
 */
export interface SearchHooks {
  /**
   * Starts (or restarts, as a new generation) the order's search inside the transaction, due
   * at `dueMs(departureTime)`.
   */
  begin(
    tx: DbOrTx,
    orderId: number,
    companyId: number,
    departureTime: string | null,
  ): Promise<void>;
  /** When a search for this departure is due (epoch ms of the engine's clock): now, or a booking's lead time before it. */
  dueMs(departureTime: string | null): number;
  /** After the commit: the order changed, its search (if any) looks at it now. */
  changed(order: Order): void;
  /**
   * The statement that starts searches for `rows` of (order_id, company_id, due_ms), for a
   * statement of the orders' own (placing an order is one statement).
   */
  startSql(rows: SQL): SQL;
}

/** A driver's duty as the drivers' write path keeps it (drivers/state/driver-write-path.ts). */
export interface DriverDuty {
  markBusy(tx: DbOrTx, driverId: number, busy: boolean): Promise<number | undefined>;
  published(seq: number | undefined): Promise<void>;
}

export interface WriteStepsDeps {
  db: Db;
  searches: SearchHooks;
  /** Absent where no fleet runs. */
  duty?: DriverDuty;
  /** This node's reader of the change stream: resolves once it has read a change (order-feed.ts). */
  settled: (seq: number) => Promise<Order | undefined>;
  /** Wakes the other nodes' readers (the bus; at most once, which is all a wake-up needs). */
  wakeOthers: (seq: number) => void;
}

/**
 * The steps every order write shares (one write path): read the row it judges, append
 * its history item, record its change as the transaction's last statement, and after the commit
 * answer with the order as this node's read model now has it.
 */
export function createWriteSteps({ db, settled, wakeOthers, searches, duty }: WriteStepsDeps) {
  /** Loads the row for a rule check, or 404 for a foreign or missing id. */
  async function rowOf(tx: DbOrTx, auth: AuthContext, id: number): Promise<OrderRow> {
    const row = await findOrderRow(tx, scopeOf(auth), id);
    if (!row) throw notFound('order');
    return row;
  }

  async function history(
    tx: DbOrTx,
    auth: AuthContext,
    orderId: number,
    type: string,
    details?: Record<string, unknown>,
  ) {
    await rows.addHistory(tx, {
      order_id: orderId,
      type,
      initiator: auth.userName,
      initiator_id: auth.userId,
      details,
    });
  }

  /** Records the change; call it last in the transaction (order-changes.repo.ts says why). */
  /** `leftCompanyId`: the protocol company the write stopped billing the order to. */
  const recordChange = (
    tx: DbOrTx,
    orderId: number,
    kind: OrderChangeKind = 'changed',
    reason?: string,
    leftCompanyId: number | null = null,
  ) =>
    appendChange(tx, {
      order_id: orderId,
      kind,
      reason: reason ?? null,
      left_company_id: leftCompanyId,
    });

  /**
   * After the commit: the order as this node's lists show it now, the other nodes woken, its
   * search told.
   */
  async function published(seq: number, id: number): Promise<Order> {
    wakeOthers(seq);
    const read = await settled(seq);
    // The last change may be another order's (a placing that renamed a known client).
    const order = read?.id === id ? read : await findAnyOrder(db, id);
    if (!order) throw notFound('order');
    searches.changed(order);
    return order;
  }

  /** A placed or retried order starts its driver search in the same transaction. */
  const beginSearch = async (
    tx: DbOrTx,
    orderId: number,
    companyId: number,
    departureTime: string | null,
  ) => searches.begin(tx, orderId, companyId, departureTime);

  /** The driver leaves or takes an order in the same transaction; his change's number. */
  const markBusy = async (tx: DbOrTx, driverId: number, busy: boolean) =>
    duty?.markBusy(tx, driverId, busy);
  const driverPublished = async (seq: number | undefined) => duty?.published(seq);

  /** The order as it is, for an answer that wrote nothing (a replay, an empty patch). */
  async function current(auth: AuthContext, id: number): Promise<Order> {
    const order = await findOrder(db, scopeOf(auth), id);
    if (!order) throw notFound('order');
    return order;
  }

  return {
    rowOf,
    history,
    recordChange,
    published,
    current,
    beginSearch,
    markBusy,
    driverPublished,
    searchDueMs: searches.dueMs,
    searchStartSql: searches.startSql,
  };
}

export type WriteSteps = ReturnType<typeof createWriteSteps>;

/** The row as orders.rules.ts judges it. */
export const asFacts = (row: OrderRow) => ({ ...row, state: row.state as Order['state'] });
