import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { recountDailyOrders } from '../modules/dashboard/statistics.repo';
import type { DbOrTx } from './client';
import { announcements, incidents, orders } from './schema';

/**
 * The dashboard of the demo: the chart counts the demo's orders (written directly,
 * not by the orders' write path), two announcements to the taxi company's console and one
 * open incident on a finished trip, so every panel has something true to show.
 */
export async function seedDemoDashboard(
  db: DbOrTx,
  input: { companyId: number; dispatcherId: number; adminId: number },
): Promise<void> {
  await recountDailyOrders(db);
  await db.insert(announcements).values([
    {
      company_id: input.companyId,
      author_id: input.dispatcherId,
      title: 'Lucrări pe Bulevardul Independenței',
      message:
        'Circulația este deviată pe Strada Sărărie până la ora 17. Spuneți clienților din zonă că mașina poate întârzia 5–10 minute.',
      expires_at: sql`(now() at time zone 'utc') + interval '1 day'`,
    },
    {
      company_id: input.companyId,
      author_id: input.adminId,
      title: 'Ședință cu șoferii vineri',
      message: 'Vineri la ora 10, la sediu: noile tarife de noapte și programul de sărbători.',
    },
  ]);
  const [trip] = await db
    .select({ id: orders.id, driver_id: orders.driver_id })
    .from(orders)
    .where(
      and(
        eq(orders.processed_by_company_id, input.companyId),
        eq(orders.state, 'finished'),
        isNotNull(orders.driver_id),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  await db.insert(incidents).values({
    company_id: input.companyId,
    order_id: trip?.id ?? null,
    driver_id: trip?.driver_id ?? null,
    reported_by: input.dispatcherId,
    source: 'dispatcher',
    description: 'Clientul a uitat o umbrelă în mașină; șoferul o lasă la dispecerat.',
  });
}
