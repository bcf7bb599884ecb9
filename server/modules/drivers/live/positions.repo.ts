import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';

/** A position as it is written: the last one per driver, and every one to the history. */
export interface PositionRecord {
  driverId: number;
  long: number;
  lat: number;
  polygonId: number | null;
  orderId: number | null;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  reportedAt: string;
}

const column = <T>(records: readonly PositionRecord[], pick: (r: PositionRecord) => T) =>
  sql.param(records.map(pick));

/**
 * The position's order when the driver holds it (his, assigned), else null (the
 * app's `orderId` is his word; checked here, in the batch, since the hot path does no I/O).
 */
const heldOrder = sql`case when exists (select 1 from orders o
  where o.id = p.order_id and o.driver_id = p.driver_id and o.state = 'assigned')
  then p.order_id end`;

/**
 * Writes a batch of positions: the last one per driver (upsert) and all of them to the history,
 * each as ONE statement over arrays (`unnest`), whatever the batch's size: no
 * write per GPS message, ≥ 500 rows a statement under load. `latest` holds one record per driver.
 * A position names only an order its driver holds (`heldOrder`).
 */
export async function writePositions(
  db: Db,
  latest: readonly PositionRecord[],
  history: readonly PositionRecord[],
): Promise<void> {
  if (latest.length > 0) {
    await db.execute(sql`insert into driver_positions (driver_id, long, lat, polygon_id, order_id, reported_at)
      select p.driver_id, p.long, p.lat, p.polygon_id, ${heldOrder}, p.reported_at
      from unnest(${column(latest, (r) => r.driverId)}::int[], ${column(latest, (r) => r.long)}::float8[],
        ${column(latest, (r) => r.lat)}::float8[], ${column(latest, (r) => r.polygonId)}::int[],
        ${column(latest, (r) => r.orderId)}::int[], ${column(latest, (r) => r.reportedAt)}::timestamp[])
        as p(driver_id, long, lat, polygon_id, order_id, reported_at)
      -- a driver deleted since his position came: nothing to write
      where exists (select 1 from users u where u.id = p.driver_id)
      on conflict (driver_id) do update set long = excluded.long, lat = excluded.lat,
        polygon_id = excluded.polygon_id, order_id = excluded.order_id, reported_at = excluded.reported_at
        where driver_positions.reported_at <= excluded.reported_at`);
  }
  if (history.length > 0) {
    await db.execute(sql`insert into driver_position_history (driver_id, reported_at, long, lat, order_id)
      select p.driver_id, p.reported_at, p.long, p.lat, ${heldOrder}
      from unnest(${column(history, (r) => r.driverId)}::int[], ${column(history, (r) => r.reportedAt)}::timestamp[],
        ${column(history, (r) => r.long)}::float8[], ${column(history, (r) => r.lat)}::float8[],
        ${column(history, (r) => r.orderId)}::int[]) as p(driver_id, reported_at, long, lat, order_id)
      -- two positions within one second: the first is kept
      on conflict do nothing`);
  }
}

/** Every driver's last flushed position (start-up rebuilds the index from it). */
export async function loadPositions(db: Db) {
  return rowsOf<{
    driver_id: number;
    long: number;
    lat: number;
    order_id: number | null;
    reported_at: string;
  }>(
    await db.execute(sql`select driver_id, long, lat, order_id,
      to_char(reported_at, 'YYYY-MM-DD HH24:MI:SS') as reported_at from driver_positions`),
  );
}

/** Forgets history older than `days` (DRIVER_POSITIONS_KEEP_DAYS). */
export async function pruneHistory(db: Db, days: number): Promise<void> {
  await db.execute(
    sql`delete from driver_position_history where reported_at < ${utcNow} - make_interval(days => ${days})`,
  );
}
