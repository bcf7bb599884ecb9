import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { intArray } from '../../db/sql';

/** What a driver's app reads of his work (docs/DRIVER-API.md), SQL only. */

const placesOf = sql`coalesce((select jsonb_agg(jsonb_build_object('name', p.name, 'lat', p.lat, 'long', p.long)
    order by p.position) from order_places p where p.order_id = o.id), '[]'::jsonb)`;

export interface OfferedOrderRow {
  id: number;
  kind: string;
  address: string | null;
  places: { name: string; lat: number; long: number }[];
  comment: string | null;
  options: string[];
  payment_type: string;
  cost: number | null;
  distance_m: number | null;
  expires_ms: string | number;
}

/** His open offers (not answered, not past their deadline), newest first. */
export async function openOffersOf(db: DbOrTx, driverId: number, nowMs: number) {
  return rowsOf<OfferedOrderRow>(
    await db.execute(sql`select o.id, f.kind, o.address, ${placesOf} as places, o.comment,
        o.options, o.payment_type, o.cost, f.distance_m, f.expires_ms
      from order_offers f join orders o on o.id = f.order_id
      where f.driver_id = ${driverId} and f.answer is null and f.expires_ms >= ${nowMs}
        and o.state = 'created'
      order by f.id desc limit 20`),
  );
}

/**
 * His companies' orders waiting in the pending queue (anyone free may take one): only those
 * with a search, which taking one confirms through (an order loaded without one, as older demo
 * data had, could be listed but never taken).
 */
export async function pendingQueueOf(db: DbOrTx, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return rowsOf<Omit<OfferedOrderRow, 'kind' | 'distance_m' | 'expires_ms'>>(
    await db.execute(sql`select o.id, o.address, ${placesOf} as places, o.comment, o.options,
        o.payment_type, o.cost
      from orders o
      where o.processed_by_company_id = any(${intArray(companyIds)})
        and o.state in ('created', 'pending') and o.in_pending_queue and o.driver_id is null
        and exists (select 1 from order_searches s where s.order_id = o.id)
      order by o.id limit 50`),
  );
}

/** His active orders (assigned to him). */
export async function activeOrderIdsOf(db: DbOrTx, driverId: number) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from orders where driver_id = ${driverId} and state = 'assigned'
      order by id`),
  );
  return rows.map((row) => row.id);
}
