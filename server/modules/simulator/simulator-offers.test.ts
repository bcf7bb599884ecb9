import type { DriverOffer } from '@common/dispatch/dispatch.schema';
import type { SimulatorSession } from '@common/simulator/simulator.schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, users } from '../../db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

/**
 * /simulator lists a driver's offers and his companies' pending queue (GET
 * /api/drivers/me/offers): every order it lists must be one he can take. The demo's pending
 * orders were listed to any driver and answered 409 when accepted.
 */

let t: TestApp;
let dispatcher: { authorization: string };
/** The demo taxi company's drivers who are free (not on one of the demo's trips). */
let freeDrivers: number[];
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  dispatcher = await t.login({ email: DEMO_ACCOUNTS.dispatcher, password: 'ogo-demo' });
  const [membership] = await t.db
    .select({ company_id: companyUsers.company_id })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.user_id))
    .where(eq(users.email, DEMO_ACCOUNTS.dispatcher));
  companyId = membership?.company_id ?? 0;
  const rows = await t.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
    .where(
      and(
        eq(companyUsers.company_id, companyId),
        sql`'driver' = any(${users.roles})`,
        eq(users.is_busy, false),
      ),
    )
    .orderBy(asc(users.id));
  freeDrivers = rows.map((row) => row.id);
});
afterAll(() => t.close());

/** One of the dispatcher's drivers, online through his simulator session. */
async function onlineDriver(driverId: number) {
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/simulator/sessions',
    headers: dispatcher,
    payload: { driver_id: driverId },
  });
  expect(session.statusCode).toBe(201);
  const headers = { authorization: `Bearer ${session.json<SimulatorSession>().token}` };
  const online = await t.app.inject({
    method: 'PATCH',
    url: '/api/drivers/me/status',
    headers,
    payload: { status: 'online' },
  });
  expect(online.statusCode).toBe(200);
  return headers;
}

const offersOf = async (headers: { authorization: string }) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/drivers/me/offers', headers });
  expect(response.statusCode).toBe(200);
  return response.json<DriverOffer[]>();
};

describe('the offers /simulator lists for a demo driver', () => {
  it('can each be accepted by a free driver (never 409)', async () => {
    const listed = await offersOf(await onlineDriver(freeDrivers[0] as number));
    expect(listed.length).toBeGreaterThan(0);
    for (const [n, offer] of listed.entries()) {
      // A driver takes one order at a time: each listed order by another free driver.
      const headers = await onlineDriver(freeDrivers[n + 1] as number);
      expect((await offersOf(headers)).map((o) => o.orderId)).toContain(offer.orderId);
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/accept-order',
        headers,
        payload: { orderId: offer.orderId, time: 3 },
      });
      expect(accepted.statusCode, `order #${offer.orderId}: ${accepted.body}`).toBe(200);
    }
  });

  it('leaves out a queued order without a search, which no driver could take', async () => {
    // As a database seeded by an older demo holds them.
    const stale = await buildOrder(t.db, companyId, { state: 'pending', in_pending_queue: true });
    const headers = await onlineDriver(freeDrivers.at(-1) as number);
    expect((await offersOf(headers)).map((o) => o.orderId)).not.toContain(stale.id);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/accept-order',
      headers,
      payload: { orderId: stale.id, time: 3 },
    });
    expect(accepted.statusCode).toBe(409);
  });
});
