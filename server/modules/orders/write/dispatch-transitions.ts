import type { Order } from '@common/orders/orders.schema';
import type { Db } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';
import type { TripPostings } from '../../ledger/trip-postings';
import type { Fares } from '../../tariffs/fare.service';
import { placesOf } from '../orders.repo';
import { type Actor, SYSTEM_ACTOR } from './actor';
import { discountedFare } from './discounted-fare';
import { dispatchGuards, isDriverTaken } from './dispatch-rows.repo';
import { createGuardedWrite, type DutyChange, type GuardedWrite } from './guarded-write';
import { releaseDiscount } from './order-discounts';
import { updateOrderWhere } from './order-rows.repo';
import type { WriteSteps } from './write-steps';

export { type Actor, SYSTEM_ACTOR } from './actor';

/** The winner lost the race: he holds another active order now (orders_driver_active_idx). */
export class DriverTakenError extends Error {
  constructor(readonly driverId: number) {
    super(`driver ${driverId} already holds an active order`);
  }
}

interface DispatchWrite
  extends Pick<
    GuardedWrite,
    'guard' | 'values' | 'actor' | 'historyType' | 'details' | 'kind' | 'reason' | 'within'
  > {
  /** The driver whose duty changes with this write. */
  duty?: DutyChange;
}

const ALL = { kind: 'all' } as const;

/**
 * The dispatch engine's and the drivers' order changes, in the orders' one write path: each is
 * one guarded UPDATE (the rule in its WHERE), its history item, the driver's duty and the
 * engine's rows in the same transaction, and its numbered change. Answers null when the guard
 * refused (the order moved on: canceled, taken, retried).
 */
export function createDispatchTransitions(
  db: Db,
  steps: WriteSteps,
  fares?: Fares,
  trips?: TripPostings,
) {
  const guardedWrite = createGuardedWrite(db, steps);

  async function write(orderId: number, { duty, ...spec }: DispatchWrite): Promise<Order | null> {
    try {
      return await guardedWrite({ ...spec, orderId, scope: ALL, duty: duty && (() => duty) });
    } catch (error) {
      if (duty?.busy && isDriverTaken(error)) throw new DriverTakenError(duty.driverId);
      throw error;
    }
  }

  return {
    /**
     * The single winner: the order gets this driver only while it is still searching (created,
     * or pinned in the pending queue) with no driver, and only if he holds no other active
     * order; the unique index settles a race the guard cannot see.
     */
    confirm: (
      orderId: number,
      driver: { id: number; indicativ: string | null },
      minutes: number | null,
      within: DispatchWrite['within'],
    ) =>
      write(orderId, {
        guard: dispatchGuards.confirm(driver.id),
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

    /** Steps exhausted ('Șoferii nu au fost găsiți'): canceled with no_drivers_found. */
    noDriversFound: (orderId: number, within: DispatchWrite['within']) =>
      write(orderId, {
        guard: dispatchGuards.noDriversFound,
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
        within: async (tx, canceled) => {
          await releaseDiscount(tx, canceled);
          await within?.(tx, canceled);
        },
      }),

    /**
     * notification_method pending_pinned: nobody took it in its last step, so it waits in the
     * pending queue (state pending, the alert badge) for a driver or a dispatcher.
     */
    pin: (orderId: number, within: DispatchWrite['within']) =>
      write(orderId, {
        guard: dispatchGuards.pin,
        values: { state: 'pending', in_pending_queue: true },
        actor: SYSTEM_ACTOR,
        historyType: 'moved_to_pending',
        within,
      }),

    /** Trip: the driver arrived at the client (waiting_client). */
    arrived: (actor: Actor, orderId: number) =>
      write(orderId, {
        guard: dispatchGuards.arrived(actor.userId),
        values: { trip_state: 'waiting_client' },
        actor,
        historyType: 'driver_arrived',
      }),

    /** Trip: the client is on board (started, trip_started_at). */
    started: (actor: Actor, orderId: number) =>
      write(orderId, {
        guard: dispatchGuards.started(actor.userId),
        values: { trip_state: 'started', trip_started_at: utcNow },
        actor,
        historyType: 'trip_started',
      }),

    /**
     * Trip: finished (trip_finished_at); the driver is free again. The final fare is made in
     * the same transaction (docs/MONEY.md "At the finish"): `taximeterAmount` is the driver
     * app's, the fare where the company accepts it. The trip's commission goes to his ledger
     * with it (his duty change already tells every node's index about his balance).
     */
    finished: (actor: Actor & { userId: number }, orderId: number, taximeterAmount?: number) =>
      write(orderId, {
        guard: dispatchGuards.finished(actor.userId),
        values: { state: 'finished', trip_finished_at: utcNow, closed_at: utcNow },
        actor,
        historyType: 'finished',
        duty: { driverId: actor.userId, busy: false },
        ...(fares
          ? {
              within: async (tx, finished) => {
                const places = await placesOf(tx, orderId);
                const fare = await fares.atFinish(tx, { ...finished, places }, taximeterAmount);
                const priced = fare ? await discountedFare(tx, finished, fare) : {};
                const money = await trips?.atFinish(
                  tx,
                  { ...finished, ...priced },
                  { announce: false },
                );
                if (!fare && !money) return;
                await updateOrderWhere(tx, ALL, orderId, undefined, { ...priced, ...money });
              },
            }
          : {}),
      }),

    /** A driver cancels his order; the text is `driverId~reason`. */
    driverCanceled: (actor: Actor & { userId: number }, orderId: number, reason: string) =>
      write(orderId, {
        guard: dispatchGuards.driverCanceled(actor.userId),
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
        within: releaseDiscount,
      }),
  };
}

export type DispatchTransitions = ReturnType<typeof createDispatchTransitions>;
