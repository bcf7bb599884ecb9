import type { DriverSearch } from '@common/dispatch/dispatch.schema';
import type { Db } from '../../../db/client';
import { planOf, searchDrivers } from './searches.repo';

/** The drivers of an order's search with what each did (viewed, accepted, refused), for the console. */
export async function readDriverSearch(db: Db, orderId: number): Promise<DriverSearch> {
  const [search, rows] = await Promise.all([planOf(db, orderId), searchDrivers(db, orderId)]);
  const item = search?.plan?.items[Math.max(search.step, 0)];
  return {
    params: item ? { search_order_by: item.search_order_by, search_type: item.search_type } : null,
    drivers: rows.map((row) => ({
      driver: { id: row.driver_id, indicativ: row.indicativ, name: row.name },
      viewed: row.viewed,
      accepted: row.accepted,
      refused: row.refused,
      step: row.step,
      distance_m: row.distance_m,
    })),
  };
}
