import { toUtcString } from '@common/lib/dates';
import {
  type CommissionRule,
  commissionOn,
  companyCollects,
  finishPostings,
} from '@common/money/commission';
import { sql } from 'drizzle-orm';
import { appendEntry, type NewEntry } from '../modules/ledger/ledger-postings.repo';
import { type DbOrTx, rowsOf } from './client';
import { commissions, financeSettings } from './schema';

/** The taxi company's cut of a trip: 12% of the fare. */
export const DEMO_TAXI_COMMISSION: CommissionRule = { percent_bp: 1_200, fixed: 0 };

/** Below −200,00 RON a taxi driver is offered nothing; the demo's drivers start well above it. */
const DEMO_MIN_BALANCE = -20_000;

const DAY_MS = 86_400_000;

/** What a finished demo order left in its driver's ledger (finance_info), as its finish would. */
export function demoDriverPayment(paymentType: string, cost: number): number {
  const posted = finishPostings(
    companyCollects({ payment_type: paymentType }),
    cost,
    commissionOn(cost, DEMO_TAXI_COMMISSION),
  );
  return posted.commission + posted.trip_payment;
}

/**
 * Three weeks of the taxi drivers' money, so /finances shows real figures on first start: the
 * balance each carried over, money paid in and out at the office, two transfers, and the
 * commission (and card fares) of today's finished demo orders; all through the ledger's one
 * write path, in time order. The demo orders must be seeded first.
 */
export async function seedDemoLedger(
  db: DbOrTx,
  input: {
    taxiCompanyId: number;
    managerId: number;
    drivers: { id: number; indicativ: string }[];
  },
) {
  const company = input.taxiCompanyId;
  await db.insert(commissions).values({ company_id: company, ...DEMO_TAXI_COMMISSION });
  await db
    .update(financeSettings)
    .set({ min_balance: DEMO_MIN_BALANCE })
    .where(sql`${financeSettings.company_id} = ${company}`);

  const today = Date.now() - (Date.now() % DAY_MS);
  const at = (daysAgo: number, hourUtc: number) =>
    toUtcString(new Date(today - daysAgo * DAY_MS + hourUtc * 3_600_000));
  const entries: (NewEntry & { created_at: string })[] = [];
  const office = { company_id: company, created_by: input.managerId };

  for (const [i, driver] of input.drivers.entries()) {
    // 50,00 to 350,00 RON carried over, never near the minimum: the demo fleet keeps working.
    const opening = 5_000 + ((i * 7_919) % 30_000);
    entries.push({
      ...office,
      driver_id: driver.id,
      kind: 'opening_balance',
      amount: opening - (opening % 100),
      note: 'Sold preluat',
      created_at: at(21, 7),
    });
    if (i % 3 === 0)
      for (const daysAgo of [14, 7])
        entries.push({
          ...office,
          driver_id: driver.id,
          kind: 'top_up',
          amount: 15_000,
          note: 'Depunere la dispecerat',
          created_at: at(daysAgo, 9 + (i % 6)),
        });
    if (i % 4 === 1)
      entries.push({
        ...office,
        driver_id: driver.id,
        kind: 'payout',
        amount: -4_000,
        note: 'Plată curse cu cardul',
        created_at: at(10, 16),
      });
  }
  const [a, b, c, d] = input.drivers;
  if (a && b && c && d) {
    for (const [from, to, amount, daysAgo] of [
      [a, b, 5_000, 5],
      [c, d, 3_000, 2],
    ] as const) {
      const [row] = rowsOf<{ id: string | number }>(
        await db.execute(sql`select nextval('ledger_transfer_ids') as id`),
      );
      const side = { ...office, transfer_id: Number(row?.id), note: 'Schimb de tură' };
      const when = at(daysAgo, 18);
      entries.push(
        {
          ...side,
          driver_id: from.id,
          counterpart_id: to.id,
          kind: 'transfer_out',
          amount: -amount,
          created_at: when,
        },
        {
          ...side,
          driver_id: to.id,
          counterpart_id: from.id,
          kind: 'transfer_in',
          amount,
          created_at: when,
        },
      );
    }
  }

  // Today's finished demo orders, as their finish posted them.
  const finished = rowsOf<{
    id: number;
    driver_id: number;
    cost: number;
    payment_type: string;
    protocol_company_id: number | null;
    trip_finished_at: string;
  }>(
    await db.execute(sql`select id, driver_id, cost, payment_type, protocol_company_id,
        to_char(trip_finished_at, 'YYYY-MM-DD HH24:MI:SS') as trip_finished_at
      from orders where processed_by_company_id = ${company} and state = 'finished'
        and driver_id is not null and cost is not null`),
  );
  for (const order of finished) {
    const posted = finishPostings(
      companyCollects(order),
      order.cost,
      commissionOn(order.cost, DEMO_TAXI_COMMISSION),
    );
    const trip = { company_id: company, driver_id: order.driver_id, order_id: order.id };
    entries.push({
      ...trip,
      kind: 'commission',
      amount: posted.commission,
      posting_key: `finish:${order.id}:commission`,
      created_at: order.trip_finished_at,
    });
    if (posted.trip_payment !== 0)
      entries.push({
        ...trip,
        kind: 'trip_payment',
        amount: posted.trip_payment,
        posting_key: `finish:${order.id}:trip_payment`,
        created_at: order.trip_finished_at,
      });
  }

  entries.sort((x, y) => x.created_at.localeCompare(y.created_at));
  for (const entry of entries) await appendEntry(db, entry);
}
