import {
  canAssignManually,
  canCancel,
  canMoveToPending,
  canNotifyDrivers,
  canRemoveAlwaysInCall,
  canRetry,
  REFUSALS,
} from '@common/orders/orders.rules';
import type { DispatcherCancelReason } from '@common/orders/orders.schema';
import type { Db } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';
import { conflict, validationFailed } from '../../../http/app-error';
import { type AuthContext, scopeOf } from '../../../http/auth-context';
import type { TripPostings } from '../../ledger/trip-postings';
import { driversOfCompanies } from '../../users/users.repo';
import type { OrderRow } from '../orders.repo';
import { findCompanyDriver } from '../orders.repo';
import { discountedFare } from './discounted-fare';
import { createGuardedWrite, type GuardedWrite } from './guarded-write';
import { releaseDiscount } from './order-discounts';
import { transitionGuards, updateOrderWhere } from './order-rows.repo';
import { asFacts, type WriteSteps } from './write-steps';

interface Transition
  extends Pick<GuardedWrite, 'guard' | 'values' | 'historyType' | 'details' | 'within'> {
  /** The rule in JavaScript: explains a refusal from the row read. */
  allowed: (row: OrderRow) => boolean;
  refusal: string;
  /** The change is a cancellation (order_canceled), told with this reason type. */
  canceledFor?: string;
  /** A driver on this order is free again (a canceled trip). */
  freesDriver?: boolean;
  /** The order searches for a driver again (retry). */
  searches?: boolean;
}

/** Whose orders a write inside a transition touches: the row the transition already holds. */
const ALL = { kind: 'all' } as const;

export const FARE_NOT_CORRECTABLE =
  'Doar tariful unei curse finalizate, cu șofer, se poate corecta.';

interface CancelReason {
  reason_type?: DispatcherCancelReason | null;
  reason_text?: string | null;
}

/**
 * The console's order state transitions: each one guarded UPDATE (the rule in its WHERE, so
 * two racing requests cannot both pass), in the orders' one write path.
 */
export function createOrderTransitions(db: Db, steps: WriteSteps, trips?: TripPostings) {
  const guardedWrite = createGuardedWrite(db, steps);

  /**
   * One guarded transition: the rule's SQL form in the UPDATE's WHERE (race-safe), the rule's
   * JS form to explain a refusal (409) after reading the row.
   */
  async function transition(auth: AuthContext, id: number, spec: Transition) {
    const order = await guardedWrite({
      orderId: id,
      scope: scopeOf(auth),
      judge: async (tx) => {
        const row = await steps.rowOf(tx, auth, id);
        if (!spec.allowed(row)) throw conflict(spec.refusal);
        return row;
      },
      guard: spec.guard,
      values: spec.values,
      actor: auth,
      historyType: spec.historyType,
      details: spec.details,
      kind: spec.canceledFor ? 'canceled' : 'changed',
      reason: spec.canceledFor,
      duty: (row) =>
        spec.freesDriver && row?.state === 'assigned' && row.driver_id !== null
          ? { driverId: row.driver_id, busy: false }
          : undefined,
      within: spec.canceledFor
        ? releaseDiscount
        : spec.searches
          ? (tx, updated) =>
              steps.beginSearch(tx, id, updated.processed_by_company_id, updated.departure_time)
          : spec.within,
    });
    if (!order) throw conflict(spec.refusal);
    return order;
  }

  /**
   * Cancel only in created or assigned, with the dispatcher's reason (none given:
   * dispatcher_canceled). The event still says a dispatcher canceled it.
   */
  const cancel = (auth: AuthContext, id: number, reason: CancelReason) => {
    const type = reason.reason_type ?? 'dispatcher_canceled';
    const text = reason.reason_text || null;
    return transition(auth, id, {
      allowed: (row) => canCancel(asFacts(row)),
      guard: transitionGuards.cancel,
      refusal: REFUSALS.cancel,
      values: {
        state: 'canceled',
        closed_at: utcNow,
        cancellation_reason_type: type,
        cancellation_reason_text: text,
        cancelled_by_identifier: auth.userName,
        in_pending_queue: false,
      },
      historyType: 'canceled',
      details: { reason_type: type, ...(text ? { reason: text } : {}) },
      canceledFor: 'dispatcher_canceled',
      freesDriver: true,
    });
  };

  /** Retry own canceled or pending orders; back to created, out of the queue. */
  const retry = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canRetry(asFacts(row), auth.userId),
      guard: transitionGuards.retry(auth.userId),
      refusal: REFUSALS.retry,
      values: {
        state: 'created',
        in_pending_queue: false,
        closed_at: null,
        start_at: utcNow,
        driver_id: null,
        car_indicativ: null,
        assigned_at: null,
        cancellation_reason_type: null,
        cancellation_reason_text: null,
        cancelled_by_identifier: null,
      },
      historyType: 'retried',
      searches: true,
    });

  /** Own created or pending orders join the pending queue once. */
  const moveToPending = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canMoveToPending(asFacts(row), auth.userId),
      guard: transitionGuards.moveToPending(auth.userId),
      refusal: REFUSALS.moveToPending,
      values: { in_pending_queue: true },
      historyType: 'moved_to_pending',
    });

  /** Removing always_in_call sets it false. */
  const removeAlwaysInCall = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canRemoveAlwaysInCall(row),
      guard: transitionGuards.alwaysInCall,
      refusal: REFUSALS.alwaysInCall,
      values: { always_in_call: false },
      historyType: 'always_in_call_removed',
    });

  /**
   * Manual assignment only in canceled or pending with no driver; sets the driver and finishes
   * the order.
   */
  async function setDriverAndFinish(auth: AuthContext, id: number, driverId: number) {
    const row = await steps.rowOf(db, auth, id);
    const driver = await findCompanyDriver(db, [row.processed_by_company_id], driverId);
    if (!driver) throw validationFailed({ driverId: ['Șoferul nu a fost găsit.'] });
    return transition(auth, id, {
      allowed: (current) => canAssignManually(asFacts(current)),
      guard: transitionGuards.assignManually,
      refusal: REFUSALS.assign,
      values: {
        driver_id: driver.id,
        car_indicativ: driver.indicativ,
        manually_assigned: true,
        state: 'finished',
        assigned_at: utcNow,
        // A ride recorded by hand ends when it is recorded: its statement month, its commission's.
        trip_finished_at: utcNow,
        closed_at: utcNow,
        in_pending_queue: false,
        cancellation_reason_type: null,
        cancellation_reason_text: null,
        cancelled_by_identifier: null,
      },
      historyType: 'driver_set_and_finished',
      details: { driver_id: driver.id, indicativ: driver.indicativ },
      // The trip's money as at a driver's finish, on the fare it has.
      within: trips
        ? async (tx, finished) => {
            const money = await trips.atFinish(tx, finished, { announce: true, by: auth.userId });
            if (money) await updateOrderWhere(tx, ALL, id, undefined, money);
          }
        : undefined,
    });
  }

  /**
   * An administrator's new fare for a finished trip ('corrected'): the trip's entries are
   * reversed and posted again on it, in the same transaction.
   */
  async function correctFare(auth: AuthContext, id: number, cost: number, note?: string | null) {
    return transition(auth, id, {
      allowed: (row) => row.state === 'finished' && row.driver_id !== null,
      guard: transitionGuards.correctFare,
      refusal: FARE_NOT_CORRECTABLE,
      values: { cost, cost_source: 'corrected', discounted_cost: cost },
      historyType: 'fare_corrected',
      details: { cost, note: note ?? null },
      within: trips
        ? async (tx, corrected) => {
            if (corrected.driver_id === null) return;
            // The order's discount, if any, taken off the new fare.
            const priced = await discountedFare(tx, corrected, { cost });
            const money = await trips.atCorrection(
              tx,
              { ...corrected, ...priced, driver_id: corrected.driver_id },
              { userId: auth.userId, note },
            );
            await updateOrderWhere(tx, ALL, id, undefined, { ...priced, ...money });
          }
        : undefined,
    });
  }

  /**
   * 'Notify selected drivers': the order, still without a driver, searches again at once among
   * these drivers of its company only (custom_driver_ids, a new search).
   */
  async function notifyDrivers(auth: AuthContext, id: number, driverIds: number[]) {
    const row = await steps.rowOf(db, auth, id);
    const ids = [...new Set(driverIds)];
    const known = await driversOfCompanies(db, [row.processed_by_company_id], ids);
    const unknown = ids.filter((driverId) => !known.has(driverId));
    if (unknown.length > 0)
      throw validationFailed({
        driver_ids: unknown.map((driverId) => `Șoferul ${driverId} nu a fost găsit.`),
      });
    return transition(auth, id, {
      allowed: (current) => canNotifyDrivers(asFacts(current)),
      guard: transitionGuards.notifyDrivers,
      refusal: REFUSALS.notifyDrivers,
      values: {
        custom_driver_ids: ids,
        state: 'created',
        in_pending_queue: false,
        closed_at: null,
        start_at: utcNow,
        cancellation_reason_type: null,
        cancellation_reason_text: null,
        cancelled_by_identifier: null,
      },
      historyType: 'drivers_notified',
      details: { driver_ids: ids },
      searches: true,
    });
  }

  return {
    cancel,
    retry,
    moveToPending,
    removeAlwaysInCall,
    setDriverAndFinish,
    notifyDrivers,
    correctFare,
  };
}
