import type { Order } from '@common/orders/orders.schema';
import type { Db } from '../../../db/client';
import type { OrdersReadModel } from '../read-model/orders-read-model';
import { changedOrdersAfter, lastChange, type OrderChangeRow } from './order-changes.repo';

/** Changes read per statement: a node that was away catches up this many at a time. */
const BATCH = 500;

export interface OrderFeedDeps {
  db: Db;
  readModel: Pick<OrdersReadModel, 'apply' | 'reset'>;
  /** Tells this node's own sockets of an order as it is after change `change` (Publisher). */
  push: (order: Order, change: OrderChangeRow) => void;
  /** Tells this node's own sockets to read every list again (the stream lost its thread). */
  pushReset: (seq: number) => void;
  /** How often the stream is read untold (a wake-up lost on the bus waits at most this). */
  pollMs: number;
  onError: (error: unknown) => void;
}

interface Waiter {
  seq: number;
  resolve: (order: Order | undefined) => void;
}

/**
 * One node's reader of the orders' change stream (DESIGN §4, issue #16): it reads the changes
 * after the last number it has seen with their orders (one statement a batch), and hands them
 * to the node's read model and sockets. Nothing else feeds them, on any node, so a wake-up lost on the bus
 * (Redis pub/sub delivers at most once), a restarted Redis or a node that was busy only delays
 * a change until the next read: every `pollMs`, at a wake-up, or when a writer here waits for
 * its own change (`settled`). The numbers are gapless, so a gap before the first change read
 * means the stream no longer holds what came between (pruned): everything is read again.
 */
export function createOrderFeed(deps: OrderFeedDeps) {
  let last = -1;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const waiters: Waiter[] = [];

  function settle(seq: number, order: Order | undefined) {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as Waiter;
      if (waiter.seq > seq) continue;
      waiters.splice(i, 1);
      waiter.resolve(waiter.seq === seq ? order : undefined);
    }
  }

  function resetAll(seq: number) {
    deps.readModel.reset();
    deps.pushReset(seq);
  }

  async function readBatch(): Promise<boolean> {
    const batch = await changedOrdersAfter(deps.db, last, BATCH);
    const first = batch[0];
    if (!first) return false;
    if (first.change.seq !== last + 1) resetAll(last);
    // Each order is told to the sockets once per batch, as it is now, with its last number.
    const lastOf = new Map(batch.map(({ change }) => [change.order_id, change.seq]));
    for (const { change: row, order } of batch) {
      if (!order) {
        // An order gone since (the API deletes none; a database edit might): read everything again.
        resetAll(row.seq);
      } else {
        deps.readModel.apply(order, row.kind === 'created' ? 'created' : 'changed');
        if (lastOf.get(row.order_id) === row.seq || row.kind === 'canceled') deps.push(order, row);
      }
      last = row.seq;
      settle(row.seq, order);
    }
    return batch.length === BATCH;
  }

  /** Reads until nothing is left; one reader at a time, and a wake-up during a read reads again. */
  function wake(): Promise<void> {
    if (last < 0) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (await readBatch()) {}
        } while (again);
      } catch (error) {
        deps.onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Starts after the stream's current end: what came before is read from the tables. */
    async start(): Promise<void> {
      last = await lastChange(deps.db);
      timer = setInterval(() => void wake(), deps.pollMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      settle(Number.MAX_SAFE_INTEGER, undefined);
    },
    wake,
    /**
     * Resolves once this node has read change `seq` (a write made here): the order as it was
     * read then, so the writer answers with what every list here now shows. Undefined when the
     * read failed; the writer then reads the order itself.
     */
    async settled(seq: number): Promise<Order | undefined> {
      if (seq <= last) return undefined;
      const read = new Promise<Order | undefined>((resolve) => waiters.push({ seq, resolve }));
      await wake();
      if (seq > last) settle(seq, undefined); // the read failed: answer, the next read catches up
      return read;
    },
    /** The last change number read (for the health check and tests). */
    position: () => last,
  };
}

export type OrderFeed = ReturnType<typeof createOrderFeed>;
