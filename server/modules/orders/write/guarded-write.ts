import type { Order } from '@common/orders/orders.schema';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import type { TenantScope } from '../../../http/auth-context';
import type { OrderChangeKind } from '../change-stream/order-changes.repo';
import type { OrderRow } from '../orders.repo';
import type { Actor } from './actor';
import { addHistory, type NewOrderRow, updateOrderWhere } from './order-rows.repo';
import type { WriteSteps } from './write-steps';

/** A driver's duty as a write changes it: busy from confirmation to the trip's end. */
export interface DutyChange {
  driverId: number;
  busy: boolean;
}

export interface GuardedWrite {
  orderId: number;
  /** Whose orders the update may touch. */
  scope: TenantScope;
  /**
   * Reads and judges the order first, in the same transaction, and throws to refuse: a
   * refusal explained from the row. Without it, only the guard decides.
   */
  judge?: (tx: DbOrTx) => Promise<OrderRow>;
  /** The rule as the UPDATE's WHERE: two racing writes cannot both pass it. */
  guard: SQL;
  values: Partial<NewOrderRow>;
  actor: Actor;
  historyType: string;
  details?: Record<string, unknown>;
  /** What the change is told as ('changed' unless said), and a cancellation's reason type. */
  kind?: OrderChangeKind;
  reason?: string;
  /** The driver whose duty changes with this write, from the row `judge` read (if any). */
  duty?: (judged: OrderRow | undefined) => DutyChange | undefined;
  /** More rows in the same transaction, after the update (a new search, the engine's offers). */
  within?: (tx: DbOrTx, updated: OrderRow) => Promise<void>;
}

/**
 * One guarded change of an order, the skeleton every transition shares: in one transaction the
 * guarded UPDATE, the driver's duty, the extra rows, the history item and, last, the numbered
 * change; after the commit the driver's and the order's changes are published. Answers the
 * order as this node's lists now show it, or null when the guard refused (nothing written).
 */
export function createGuardedWrite(db: Db, steps: WriteSteps) {
  return async function guardedWrite(spec: GuardedWrite): Promise<Order | null> {
    const written = await db.transaction(async (tx) => {
      const judged = await spec.judge?.(tx);
      const { scope, orderId, guard, values } = spec;
      const updated = await updateOrderWhere(tx, scope, orderId, guard, values);
      if (!updated) return null;
      const duty = spec.duty?.(judged);
      const driverSeq = duty ? await steps.markBusy(tx, duty.driverId, duty.busy) : undefined;
      await spec.within?.(tx, updated);
      await addHistory(tx, {
        order_id: orderId,
        type: spec.historyType,
        initiator: spec.actor.userName,
        initiator_id: spec.actor.userId,
        details: spec.details,
      });
      const seq = await steps.recordChange(tx, orderId, spec.kind ?? 'changed', spec.reason);
      return { seq, driverSeq };
    });
    if (!written) return null;
    await steps.driverPublished(written.driverSeq);
    return steps.published(written.seq, spec.orderId);
  };
}

export type GuardedWriter = ReturnType<typeof createGuardedWrite>;
