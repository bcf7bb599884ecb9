import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** The Bucharest day of now, the day an order created now is counted on (Time). */
export const bucharestToday = sql`(now() at time zone 'Europe/Bucharest')::date`;

/**
 * One more order of a company today in the dashboard chart's daily counts (table
 * order_daily_counts): online when it came from the client app (source 'from_app'), phone
 * otherwise, as migration 0013 counted the orders before it. Written by every insert of an
 * order, in its statement or transaction, so the counts are the orders' own and the chart never
 * scans the orders. `from` is the FROM clause of the rows to count (one per new order).
 */
export const dailyCountUpsertSql = (companyId: SQL, source: SQL, from: SQL = sql``) => sql`
  insert into order_daily_counts (company_id, day, online, phone)
  select ${companyId}, ${bucharestToday},
    case when ${source} = 'from_app' then 1 else 0 end,
    case when ${source} = 'from_app' then 0 else 1 end
  ${from}
  on conflict (company_id, day) do update set
    online = order_daily_counts.online + excluded.online,
    phone = order_daily_counts.phone + excluded.phone`;

/** Counts an order inserted in `db`'s transaction (order-rows.repo `insertOrder`). */
export async function countNewOrder(
  db: DbOrTx,
  order: { processed_by_company_id: number | null; source: string },
): Promise<void> {
  if (order.processed_by_company_id === null) return;
  await db.execute(
    dailyCountUpsertSql(sql`${order.processed_by_company_id}::int`, sql`${order.source}::text`),
  );
}
