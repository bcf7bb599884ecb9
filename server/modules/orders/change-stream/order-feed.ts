import type { Order } from '@common/orders/orders.schema';
import type { Db } from '../../../db/client';
import { createChangeFollower } from '../../../lib/change-follower';
import type { OrdersReadModel } from '../read-model/orders-read-model';
import {
  type ChangedOrder,
  changedOrdersAfter,
  lastChange,
  type OrderChangeRow,
} from './order-changes.repo';

export interface OrderFeedDeps {
  db: Db;
  readModel: Pick<OrdersReadModel, 'apply' | 'reset'>;
  /** Tells this node's own sockets of an order as it is after change `change` (Publisher). */
  push: (order: Order, change: OrderChangeRow) => void;
  /** Tells this node's sockets of a protocol company that an order left its lists (Publisher). */
  pushLeft: (companyId: number, seq: number) => void;
  /** Tells this node's own sockets to read every list again (the stream lost its thread). */
  pushReset: (seq: number) => void;
  /** How often the stream is read untold (a wake-up lost on the bus waits at most this). */
  pollMs: number;
  onError: (error: unknown) => void;
}

/** A change with its order now, and whether it is that order's last change in its batch. */
interface FeedChange extends ChangedOrder {
  seq: number;
  lastOfOrder: boolean;
}

/** A batch, each order's last change marked: its sockets hear of it once a batch, as it is now. */
async function readAfter(db: Db, seq: number, limit: number): Promise<FeedChange[]> {
  const batch = await changedOrdersAfter(db, seq, limit);
  const lastOf = new Map(batch.map(({ change }) => [change.order_id, change.seq]));
  return batch.map((read) => ({
    ...read,
    seq: read.change.seq,
    lastOfOrder: lastOf.get(read.change.order_id) === read.change.seq,
  }));
}

/**
 * One node's reader of the orders' change stream: it hands each change, with its order as it
 * is now, to the node's read model and sockets. Nothing else feeds them, on any node, so a lost
 * wake-up only delays a change (lib/change-follower.ts); a gap resets every list.
 */
export function createOrderFeed(deps: OrderFeedDeps) {
  function resetAll(seq: number) {
    deps.readModel.reset();
    deps.pushReset(seq);
  }

  const follower = createChangeFollower<FeedChange>({
    // What came before the stream's current end is read from the tables.
    head: () => lastChange(deps.db),
    readAfter: (seq, limit) => readAfter(deps.db, seq, limit),
    apply({ change, order, lastOfOrder }) {
      // An order gone since (the API deletes none; a database edit might): read everything again.
      if (!order) {
        resetAll(change.seq);
        return;
      }
      deps.readModel.apply(
        order,
        change.kind === 'created' ? 'created' : 'changed',
        change.left_company_id,
      );
      if (lastOfOrder || change.kind === 'canceled') deps.push(order, change);
      // Every departure, even one a later change of the batch follows: its company hears no more.
      if (change.left_company_id !== null) deps.pushLeft(change.left_company_id, change.seq);
    },
    onGap: resetAll,
    pollMs: deps.pollMs,
    onError: deps.onError,
  });

  return {
    ...follower,
    /**
     * Resolves once this node has read change `seq` (a write made here): the order as it was
     * read then, so the writer answers with what every list here now shows. Undefined when the
     * read failed; the writer then reads the order itself.
     */
    settled: async (seq: number): Promise<Order | undefined> =>
      (await follower.settled(seq))?.order,
  };
}

export type OrderFeed = ReturnType<typeof createOrderFeed>;
