import type { DriverStatus } from '@common/drivers/drivers.schema';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';
import { hasDriverRole } from '../../../db/sql';
import type { DriverStateRow } from '../live/driver-index';

/**
 * The drivers' durable state and its change stream, SQL only. Writers
 * here are called by the drivers' write path alone (driver-write-path.ts); each changes the
 * `users` row first and appends the change last, so the stream counter's row lock is held for
 * the commit only (as for orders, order-changes.repo.ts).
 */

const isDriver = hasDriverRole(sql`u.roles`);

/** A driver's state as the stream carries it (`u` is the users row). */
const stateColumns = sql`u.id as driver_id,
  coalesce((select array_agg(cu.company_id order by cu.company_id) from company_users cu where cu.user_id = u.id), '{}'::int[]) as company_ids,
  coalesce((select c.indicativ from cars c where c.driver_id = u.id order by c.id limit 1), u.identifier) as indicativ,
  u.is_online, u.is_paused, u.is_busy, u.high_priority,
  to_char(u.ban_until, 'YYYY-MM-DD HH24:MI:SS') as ban_until, u.ban_reason,
  to_char(u.idle_from, 'YYYY-MM-DD HH24:MI:SS') as idle_from,
  coalesce((select json_object_agg(b.company_id, b.balance) from driver_balances b where b.driver_id = u.id), '{}'::json) as balances`;

type StateRow = Omit<DriverStateRow, 'seq'>;

/** Appends one change for a driver; returns its number. Last statement of its transaction. */
export async function appendDriverChange(tx: DbOrTx, driverId: number, kind: string) {
  const [row] = rowsOf<{ seq: string | number }>(
    await tx.execute(sql`with next as (
        update driver_change_counter set last = last + 1 where id = 1 returning last)
      insert into driver_changes (seq, driver_id, kind)
      select next.last, ${driverId}::int, ${kind}::text from next returning seq`),
  );
  if (!row) throw new Error('driver change was not recorded');
  return Number(row.seq);
}

/** Whether the user is a driver of one of these companies (null: any company). */
export async function findDriver(db: DbOrTx, driverId: number, companyIds: number[] | null) {
  const scoped =
    companyIds === null
      ? sql`true`
      : sql`exists (select 1 from company_users cu where cu.user_id = u.id and cu.company_id = any(${sql.param(companyIds)}::int[]))`;
  const [row] = rowsOf<{ ban_until: string | null; is_online: boolean }>(
    await db.execute(sql`select to_char(u.ban_until, 'YYYY-MM-DD HH24:MI:SS') as ban_until, u.is_online
      from users u where u.id = ${driverId} and ${isDriver} and ${scoped}`),
  );
  return row;
}

/**
 * Sets a driver's work status. Going online or pausing is refused (no row) while he is banned.
 * idle_from starts when he comes online and is kept while he pauses; offline clears it.
 */
export async function writeStatus(tx: DbOrTx, driverId: number, status: DriverStatus) {
  const online = status !== 'offline';
  const notBanned = online ? sql`and (u.ban_until is null or u.ban_until <= ${utcNow})` : sql``;
  return updateDriver(
    tx,
    driverId,
    sql`is_online = ${online}, is_paused = ${status === 'paused'},
      idle_from = ${online ? sql`case when u.is_online then coalesce(u.idle_from, ${utcNow}) else ${utcNow} end` : sql`null`},
      last_activity_at = ${utcNow}`,
    notBanned,
  );
}

/**
 * Bans a driver until `until` (UTC text) with a reason, and takes him offline: a banned driver
 * is offered nothing and his app is told. `until` null unbans and clears the reason.
 */
export async function writeBan(
  tx: DbOrTx,
  driverId: number,
  ban: { until: string; reason: string } | null,
) {
  return updateDriver(
    tx,
    driverId,
    ban
      ? sql`ban_until = ${ban.until}::timestamp, ban_reason = ${ban.reason},
          is_online = false, is_paused = false, idle_from = null`
      : sql`ban_until = null, ban_reason = null`,
  );
}

/**
 * Busy from a confirmed order to its end: a busy driver is offered nothing; free
 * again, his idle time starts now (idle_from, the by_idle_from ordering).
 */
export async function writeBusy(tx: DbOrTx, driverId: number, busy: boolean) {
  return updateDriver(
    tx,
    driverId,
    busy
      ? sql`is_busy = true, idle_from = null`
      : sql`is_busy = false, idle_from = case when u.is_online then ${utcNow} else null end`,
    sql`and u.is_busy <> ${busy}`,
  );
}

/** ban_conditions type reset: his idle time starts again (the back of the queue). */
export async function writeIdleReset(tx: DbOrTx, driverId: number) {
  return updateDriver(tx, driverId, sql`idle_from = ${utcNow}`, sql`and u.is_online`);
}

/** high_priority, set by an administrator (driver edit). */
export async function writePriority(tx: DbOrTx, driverId: number, high: boolean) {
  return updateDriver(tx, driverId, sql`high_priority = ${high}`);
}

async function updateDriver(tx: DbOrTx, driverId: number, set: SQL, when: SQL = sql``) {
  const [row] = rowsOf<StateRow>(
    await tx.execute(sql`update users u set ${set}, updated_at = ${utcNow}
      where u.id = ${driverId} and ${isDriver} ${when}
      returning ${stateColumns}`),
  );
  return row;
}

/**
 * Takes offline the online drivers whose app has been silent since `cutoffSeconds` ago (no
 * position flushed, no status change): their ids. Every node may run it; the row locks give
 * each driver to one of them.
 */
export async function writeSilentOffline(tx: DbOrTx, cutoffSeconds: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`update users u set is_online = false, is_paused = false, idle_from = null,
        updated_at = ${utcNow}
      where u.is_online and ${isDriver}
        and greatest(u.last_activity_at,
          (select p.reported_at from driver_positions p where p.driver_id = u.id))
          < ${utcNow} - make_interval(secs => ${cutoffSeconds})
      returning u.id`),
  );
  return rows.map((row) => row.id);
}

/** The state of every driver (start-up), with the stream's number it is current at. */
export async function loadDriverStates(db: Db) {
  return rowsOf<StateRow>(
    await db.execute(sql`select ${stateColumns} from users u where ${isDriver}`),
  );
}

/** One driver's state now (the write path's answer). */
export async function readDriverState(db: DbOrTx, driverId: number) {
  const [row] = rowsOf<StateRow>(
    await db.execute(
      sql`select ${stateColumns} from users u where u.id = ${driverId} and ${isDriver}`,
    ),
  );
  return row;
}

/** The changes after `seq`, in order, each with the driver's state now (one statement). */
export async function changedDriversAfter(db: Db, seq: number, limit: number) {
  const rows = rowsOf<
    StateRow & { seq: string | number; change_driver_id: number; change_kind: string }
  >(
    await db.execute(sql`select c.seq, c.driver_id as change_driver_id, c.kind as change_kind, s.*
      from driver_changes c
      left join lateral (select ${stateColumns} from users u where u.id = c.driver_id and ${isDriver}) s on true
      where c.seq > ${seq} order by c.seq limit ${limit}`),
  );
  return rows.map(({ seq: changeSeq, change_driver_id, change_kind, ...state }) => ({
    seq: Number(changeSeq),
    driverId: change_driver_id,
    kind: change_kind,
    // A change of a user since deleted, or no longer a driver (an administrator
    // took the role away), comes without a state: the index forgets him.
    state: state.driver_id === null ? undefined : { ...state, seq: Number(changeSeq) },
  }));
}

/** The last change number given out (0 before any). */
export async function lastDriverChange(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string | number }>(
    await db.execute(sql`select last from driver_change_counter where id = 1`),
  );
  return Number(row?.last ?? 0);
}

/** Forgets changes older than `hours`; a reader further behind reloads every driver. */
export async function pruneDriverChanges(db: Db, hours: number): Promise<void> {
  await db.execute(
    sql`delete from driver_changes where created_at < ${utcNow} - make_interval(hours => ${hours})`,
  );
}
