import { sql } from 'drizzle-orm';
import { orders } from '../../../db/schema';

/** He holds no active order (the unique index below settles the race this cannot see). */
const holdsNoActiveOrder = (driverId: number) =>
  sql`not exists (select 1 from ${orders} o2 where o2.driver_id = ${driverId} and o2.state = 'assigned')`;

/** The dispatch's and the drivers' rules as the WHERE of the guarded UPDATE. */
export const dispatchGuards = {
  /** Still searching (created, or pinned in the pending queue), no driver, and he is free. */
  confirm: (driverId: number) =>
    sql`${orders.state} in ('created', 'pending') and ${orders.driver_id} is null and ${holdsNoActiveOrder(driverId)}`,
  /** Still searching in the engine's hands: not pinned in the pending queue. */
  noDriversFound: sql`${orders.state} = 'created' and ${orders.driver_id} is null and not ${orders.in_pending_queue}`,
  pin: sql`${orders.state} = 'created' and ${orders.driver_id} is null`,
  /** His order, waiting for him (a null id, no user, matches nothing). */
  arrived: (driverId: number | null) =>
    sql`${orders.driver_id} = ${driverId} and ${orders.state} = 'assigned' and ${orders.trip_state} = 'waiting_driver'`,
  started: (driverId: number | null) =>
    sql`${orders.driver_id} = ${driverId} and ${orders.state} = 'assigned' and ${orders.trip_state} in ('waiting_driver', 'waiting_client')`,
  finished: (driverId: number) =>
    sql`${orders.driver_id} = ${driverId} and ${orders.state} = 'assigned' and ${orders.trip_state} = 'started'`,
  /** His own order, while it is his. */
  driverCanceled: (driverId: number) =>
    sql`${orders.driver_id} = ${driverId} and ${orders.state} = 'assigned'`,
};

/** Whether an error is the unique index that keeps one active order per driver. */
export function isDriverTaken(error: unknown): boolean {
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
