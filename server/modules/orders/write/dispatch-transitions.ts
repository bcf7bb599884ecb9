import type { Order } from '@common/orders/orders.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema';
import { utcNow } from '../../../db/schema/columns';
import type { OrderChangeKind } from '../change-stream/order-changes.repo';
import type { OrderRow } from '../orders.repo';
import { addHistory, type NewOrderRow, updateOrderWhere } from './order-rows.repo';
import type { WriteSteps } from './write-steps';

/** Who a history item names (SPEC §3 Order history item initiator). */
export interface Actor {
  userId: number | null;
  userName: string;
}

/** The dispatch engine in the order history (the demo seed's automatic steps use it too). */
export const SYSTEM_ACTOR: Actor = { userId: null, userName: 'Sistem' };

/** The winner lost the race: he holds another active order now (orders_driver_active_idx). */
export class DriverTakenError extends Error {
  constructor(readonly driverId: number) {
    super(`driver ${driverId} already holds an active order`);
  }
}

interface DispatchWrite {
  guard: SQL;
  values: Partial<NewOrderRow>;
  actor: Actor;
  historyType: string;
  details?: Record<string, unknown>;
  kind?: OrderChangeKind;
  reason?: string;
  /** The driver whose duty changes with this write (busy from confirmation to the trip's end). */
  duty?: { driverId: number; busy: boolean };
  /** The engine's own rows (search, offers, trace) in the same transaction. */
  within?: (tx: DbOrTx, row: OrderRow) => Promise<void>;
}

const ALL = { kind: 'all' } as const;

const activeOrderOf = (driverId: number) =>
  sql`not exists (select 1 from ${orders} o2 where o2.driver_id = ${driverId} and o2.state = 'assigned')`;

/** Whether an error is the unique index that keeps one active order per driver. */
function isDriverTaken(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (
      code === '23505' &&
      /orders_driver_active_idx/.test(
        `${e.message} ${String((e as { constraint?: unknown }).constraint ?? '')}`,
      )
    )
      return true;
    if (/orders_driver_active_idx/.test(e.message)) return true;
  }
  return false;
}

/**
 * The dispatch engine's and the drivers' order changes (issue #18), in the orders' one write
 * path: each is one guarded UPDATE (the rule in its WHERE, DESIGN §5), its history item, the
 * driver's duty and the engine's rows in the same transaction, and its numbered change.
 * Answers null when the guard refused (the order moved on: canceled, taken, retried).
 */
export function createDispatchTransitions(db: Db, steps: WriteSteps) {
  async function write(orderId: number, spec: DispatchWrite): Promise<Order | null> {
    let written: { seq: number; driverSeq: number | undefined } | null;
    try {
      written = await db.transaction(async (tx) => {
        const row = await updateOrderWhere(tx, ALL, orderId, spec.guard, spec.values);
        if (!row) return null;
        const driverSeq = spec.duty
          ? await steps.markBusy(tx, spec.duty.driverId, spec.duty.busy)
          : undefined;
        await spec.within?.(tx, row);
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
    } catch (error) {
      if (spec.duty?.busy && isDriverTaken(error)) throw new DriverTakenError(spec.duty.driverId);
      throw error;
    }
    if (!written) return null;
    await steps.driverPublished(written.driverSeq);
    return steps.published(written.seq, orderId);
  }

  return {
    /**
     * The single-winner guard (DESIGN §5): the order gets this driver only while it is still
     * searching (created, or pinned in the pending queue) with no driver, and only if he holds
     * no other active order; the unique index settles a race the NOT EXISTS cannot see.
     */
    confirm: (
      orderId: number,
      driver: { id: number; indicativ: string | null },
      minutes: number | null,
      within: DispatchWrite['within'],
    ) =>
      write(orderId, {
        guard: sql`${orders.state} in ('created', 'pending') and ${orders.driver_id} is null and ${activeOrderOf(driver.id)}`,
        values: {
          state: 'assigned',
          trip_state: 'waiting_driver',
          driver_id: driver.id,
          car_indicativ: driver.indicativ,
          assigned_at: utcNow,
          waiting_driver_time: minutes,
          in_pending_queue: false,
          manually_assigned: false,
        },
        actor: SYSTEM_ACTOR,
        historyType: 'assigned',
        details: { driver_id: driver.id, indicativ: driver.indicativ, minutes },
        duty: { driverId: driver.id, busy: true },
        within,
      }),

    /** Steps exhausted (SPEC §8 'Șoferii nu au fost găsiți'): canceled with no_drivers_found. */
    noDriversFound: (orderId: number, within: DispatchWrite['within']) =>
      write(orderId, {
        guard: sql`${orders.state} = 'created' and ${orders.driver_id} is null and not ${orders.in_pending_queue}`,
        values: {
          state: 'canceled',
          closed_at: utcNow,
          cancellation_reason_type: 'no_drivers_found',
          cancelled_by_identifier: SYSTEM_ACTOR.userName,
        },
        actor: SYSTEM_ACTOR,
        historyType: 'no_drivers_found',
        kind: 'canceled',
        reason: 'no_drivers_found',
        within,
      }),

    /**
     * notification_method pending_pinned (docs/DISPATCH.md): nobody took it in its last step, so
     * it waits in the pending queue (state pending, the alert badge) for a driver or a dispatcher.
     */
    pin: (orderId: number, within: DispatchWrite['within']) =>
      write(orderId, {
        guard: sql`${orders.state} = 'created' and ${orders.driver_id} is null`,
        values: { state: 'pending', in_pending_queue: true },
        actor: SYSTEM_ACTOR,
        historyType: 'moved_to_pending',
        within,
      }),

    /** SPEC §4 trip: the driver arrived at the client (waiting_client). */
    arrived: (actor: Actor, orderId: number) =>
      write(orderId, {
        guard: sql`${orders.driver_id} = ${actor.userId} and ${orders.state} = 'assigned' and ${orders.trip_state} = 'waiting_driver'`,
        values: { trip_state: 'waiting_client' },
        actor,
        historyType: 'driver_arrived',
      }),

    /** SPEC §4 trip: the client is on board (started, trip_started_at). */
    started: (actor: Actor, orderId: number) =>
      write(orderId, {
        guard: sql`${orders.driver_id} = ${actor.userId} and ${orders.state} = 'assigned' and ${orders.trip_state} in ('waiting_driver', 'waiting_client')`,
        values: { trip_state: 'started', trip_started_at: utcNow },
        actor,
        historyType: 'trip_started',
      }),

    /** SPEC §4 trip: finished (trip_finished_at); the driver is free again. */
    finished: (actor: Actor & { userId: number }, orderId: number) =>
      write(orderId, {
        guard: sql`${orders.driver_id} = ${actor.userId} and ${orders.state} = 'assigned' and ${orders.trip_state} = 'started'`,
        values: { state: 'finished', trip_finished_at: utcNow, closed_at: utcNow },
        actor,
        historyType: 'finished',
        duty: { driverId: actor.userId, busy: false },
      }),

    /** SPEC §4: a driver cancels his order; the text is `driverId~reason`. */
    driverCanceled: (actor: Actor & { userId: number }, orderId: number, reason: string) =>
      write(orderId, {
        guard: sql`${orders.driver_id} = ${actor.userId} and ${orders.state} = 'assigned'`,
        values: {
          state: 'canceled',
          closed_at: utcNow,
          cancellation_reason_type: 'driver_canceled',
          cancellation_reason_text: `${actor.userId}~${reason}`,
          cancelled_by_identifier: actor.userName,
        },
        actor,
        historyType: 'driver_canceled',
        details: { reason },
        kind: 'canceled',
        reason: 'driver_canceled',
        duty: { driverId: actor.userId, busy: false },
      }),
  };
}

export type DispatchTransitions = ReturnType<typeof createDispatchTransitions>;
