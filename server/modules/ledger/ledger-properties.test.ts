import { commissionOn } from '@common/money/commission';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';
import { balanceMismatches } from './ledger.repo';

/**
 * The ledger under random interleavings of everything that moves money at once: trips finished
 * (and their finishes retried), transfers both ways, top-ups (some retried with their key),
 * payouts and fare corrections. Whatever the order the database runs them in: no entry lost or
 * doubled, every balance the sum of its entries, no transfer or payout below zero, every
 * finished order one commission net. Runs on PGlite and, in the PostgreSQL lane, on PostgreSQL.
 */

const RULE = { percent_bp: 1_500, fixed: 100 };
const DRIVERS = 5;
const ROUNDS = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator (mulberry32): a failing seed replays the same run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the ledger under racing money moves', () => {
  it('keeps every balance the sum of its entries, never overdraws, and nets one commission a trip', async () => {
    const seed = Number(process.env.LEDGER_SEED ?? 20_261_128);
    const next = random(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;

    const { id: companyId } = await buildCompany(t.db);
    const manager = await t.login(
      await buildUser(t.db, { roles: ['manager'], companyIds: [companyId] }),
    );
    const drivers = [];
    for (let i = 0; i < DRIVERS; i++) {
      const user = await buildDriver(t.db, companyId);
      drivers.push({ id: user.id, headers: await t.login(user) });
    }
    const call = (
      method: 'POST' | 'PATCH',
      url: string,
      payload: object,
      headers = manager,
      extra = {},
    ) => t.app.inject({ method, url, headers: { ...headers, ...extra }, payload });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/commissions/0',
          headers: manager,
          payload: RULE,
        })
      ).statusCode,
    ).toBe(200);

    let toppedUp = 0;
    let transfersDone = 0;
    const finishedOrders = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      // One trip per driver (a driver holds one active order), each at its own fixed price.
      const trips = [];
      for (const driver of drivers) {
        const order = await buildOrder(t.db, companyId, {
          state: 'assigned',
          trip_state: 'started',
          driver_id: driver.id,
          payment_type: pick(['cash', 'cash', 'card', 'protocol'] as const),
        });
        const cost = 1_000 + Math.floor(next() * 9_000);
        await t.db.execute(sql`update orders set trip_started_at = (now() at time zone 'utc'),
          cost = ${cost}, cost_source = 'fixed', discounted_cost = ${cost} where id = ${order.id}`);
        trips.push({ id: order.id, driver });
      }
      const moves: Promise<{ kind: string; status: number; amount?: number }>[] = [];
      for (const trip of trips) {
        // Every finish sent twice at once: the order's guard lets one through.
        for (let k = 0; k < 2; k++)
          moves.push(
            call('POST', `/api/drivers/me/orders/${trip.id}/finish`, {}, trip.driver.headers).then(
              (r) => ({
                kind: 'finish',
                status: r.statusCode,
              }),
            ),
          );
      }
      for (let k = 0; k < 12; k++) {
        const from = pick(drivers);
        const to = pick(drivers.filter((d) => d !== from));
        const amount = 100 + Math.floor(next() * 3_000);
        moves.push(
          call('POST', '/api/ledger/transfers', {
            from_driver_id: from.id,
            to_driver_id: to.id,
            amount,
          }).then((r) => ({
            kind: 'transfer',
            status: r.statusCode,
          })),
        );
      }
      for (let k = 0; k < 4; k++) {
        const amount = 500 + Math.floor(next() * 2_000);
        const body = { driver_id: pick(drivers).id, amount };
        const key = { 'idempotency-key': `prop-${seed}-${round}-${k}` };
        // The same top-up sent twice with its key: posted once.
        for (let copy = 0; copy < 2; copy++)
          moves.push(
            call('POST', '/api/ledger/top-ups', body, manager, key).then((r) => ({
              kind: copy === 0 ? 'top_up' : 'top_up_retry',
              status: r.statusCode,
              amount,
            })),
          );
        moves.push(
          call('POST', '/api/ledger/payouts', {
            driver_id: pick(drivers).id,
            amount: 200 + Math.floor(next() * 2_000),
          }).then((r) => ({
            kind: 'payout',
            status: r.statusCode,
          })),
        );
      }
      for (const earlier of [...finishedOrders].slice(-3))
        moves.push(
          call('PATCH', `/api/orders/${earlier}/fare`, {
            cost: 500 + Math.floor(next() * 9_000),
          }).then((r) => ({
            kind: 'correction',
            status: r.statusCode,
          })),
        );
      const answers = await Promise.all(moves);
      for (const a of answers) {
        if (a.kind === 'top_up' || a.kind === 'top_up_retry') expect(a.status).toBe(201);
        if (a.kind === 'top_up') toppedUp += a.amount ?? 0;
        if (a.kind === 'transfer' && a.status === 201) transfersDone++;
        if (a.kind === 'transfer' || a.kind === 'payout') expect([201, 422]).toContain(a.status);
        if (a.kind === 'correction') expect(a.status).toBe(200);
      }
      // Each trip finished exactly once.
      expect(answers.filter((a) => a.kind === 'finish' && a.status === 200)).toHaveLength(
        trips.length,
      );
      for (const trip of trips) finishedOrders.add(trip.id);
    }

    expect(await balanceMismatches(t.db)).toEqual([]);
    const totals = rowsOf<{ kind: string; n: number; total: number }>(
      await t.db.execute(sql`select kind, count(*)::int as n, coalesce(sum(amount), 0)::int as total
        from ledger_entries where company_id = ${companyId} group by kind`),
    );
    const of = (kind: string) => totals.find((row) => row.kind === kind) ?? { n: 0, total: 0 };
    expect(of('top_up').total).toBe(toppedUp);
    expect(of('transfer_out').n).toBe(transfersDone);
    expect(of('transfer_in').total).toBe(-of('transfer_out').total);
    // No transfer's sender nor payout ended below zero.
    const overdrawn = rowsOf(
      await t.db.execute(sql`select id from ledger_entries where company_id = ${companyId}
        and kind in ('transfer_out', 'payout') and balance_after < 0`),
    );
    expect(overdrawn).toEqual([]);
    // Every finished order: one commission net, on its fare as it stands.
    const perOrder = rowsOf<{ id: number; cost: number; commissions: number; net: number }>(
      await t.db.execute(sql`select o.id, o.cost,
          count(*) filter (where e.kind = 'commission')::int - count(*) filter (where e.kind = 'commission_reversal')::int as commissions,
          coalesce(sum(e.amount) filter (where e.kind in ('commission', 'commission_reversal')), 0)::int as net
        from orders o join ledger_entries e on e.order_id = o.id
        where o.processed_by_company_id = ${companyId} group by o.id, o.cost`),
    );
    expect(perOrder).toHaveLength(finishedOrders.size);
    for (const order of perOrder) {
      expect(order.commissions, `order ${order.id}`).toBe(1);
      expect(order.net, `order ${order.id}`).toBe(-commissionOn(order.cost, RULE));
    }
  }, 120_000);
});
