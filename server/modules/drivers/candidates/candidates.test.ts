import type { CandidateDrivers } from '@common/drivers/candidates.schema';
import type { ErrorBody } from '@common/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildOrder } from '../../../test/order-factory';

type Headers = { authorization: string; token: string };

let t: TestApp;
let companyId: number;
let dispatcher: Headers;
let stranger: Headers;
let orderId: number;
let foreignOrderId: number;
const ids: Record<string, number> = {};
const built: Record<string, Awaited<ReturnType<typeof buildDriver>>> = {};

const get = async <T>(path: string, headers: Headers) => {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: headers.authorization },
  });
  return { status: response.statusCode, body: response.json<T>() };
};

/** A driver of `company` with a call sign; online at `lat` (pickup: 47.16, 27.59) unless null. */
async function driver(
  key: string,
  company: number,
  indicativ: string,
  lat: number | null,
  name = `Șofer ${indicativ}`,
) {
  const made = await buildDriver(t.db, company, { name, car: { indicativ } });
  ids[key] = made.id;
  built[key] = made;
  if (lat === null) return;
  const headers = await t.login(made);
  const answer = await t.app.inject({
    method: 'PATCH',
    url: '/api/drivers/me/status',
    headers: { authorization: headers.authorization },
    payload: { status: 'online' },
  });
  expect(answer.statusCode).toBe(200);
  t.app.fleet.index.move(made.id, { long: 27.59, lat, orderId: null, reportedMs: Date.now() });
}

const loginAs = (key: string) => t.login(built[key] as Awaited<ReturnType<typeof buildDriver>>);

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db, { lat: 47.16, lng: 27.6 })).id;
  const other = await buildCompany(t.db);
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] }),
  );
  stranger = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other.id] }),
  );
  orderId = (await buildOrder(t.db, companyId, { state: 'canceled' })).id;
  foreignOrderId = (await buildOrder(t.db, other.id, { state: 'canceled' })).id;

  // About 4.4 km, 0.1 km, 1.1 km and 2.2 km north of the pickup.
  await driver('far', companyId, '301', 47.2);
  await driver('near', companyId, '302', 47.161, 'Ștefan Năstase');
  await driver('busy', companyId, '303', 47.17);
  await driver('offer', companyId, '304', 47.18);
  await driver('paused', companyId, '305', 47.1605);
  await driver('banned', companyId, '306', 47.1601);
  await driver('offline', companyId, '307', null);
  // Another company's driver right at the pickup.
  await driver('foreign', other.id, '308', 47.16);

  const busy = ids.busy as number;
  await t.app.fleet.writes.published(await t.app.fleet.writes.markBusy(t.db, busy, true));
  t.app.fleet.markOffers([
    { driverId: ids.offer as number, orderId, untilMs: Date.now() + 600_000 },
  ]);
  const paused = await t.app.inject({
    method: 'PATCH',
    url: '/api/drivers/me/status',
    headers: {
      authorization: (await loginAs('paused')).authorization,
    },
    payload: { status: 'paused' },
  });
  expect(paused.statusCode).toBe(200);
  const ban = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${ids.banned}/ban`,
    headers: { authorization: dispatcher.authorization },
    payload: { unit: 'hours', amount: 3, reason: 'Test' },
  });
  expect(ban.statusCode).toBe(200);
  // The offline driver's last position, from before he went offline, is near the pickup.
  t.app.fleet.index.move(ids.offline as number, {
    long: 27.59,
    lat: 47.16,
    orderId: null,
    reportedMs: Date.now(),
  });
});
afterAll(async () => t.close());

const candidates = (query = '', headers = dispatcher, id = orderId) =>
  get<CandidateDrivers>(`/api/orders/${id}/candidate-drivers${query}`, headers);

describe('GET /api/orders/{id}/candidate-drivers', () => {
  it('lists the free drivers nearest first, then on an offer, paused, busy, banned, offline', async () => {
    const answer = await candidates();
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(7);
    expect(answer.body.data.map((d) => [d.indicativ, d.state])).toEqual([
      ['302', 'free'],
      ['301', 'free'],
      ['304', 'on_offer'],
      ['305', 'paused'],
      ['303', 'busy'],
      ['306', 'banned'],
      ['307', 'offline'],
    ]);
    const [near, far] = answer.body.data;
    expect(near).toMatchObject({ id: ids.near, name: 'Ștefan Năstase', distance_km: 0.11 });
    expect(far?.distance_km).toBeCloseTo(4.45, 1);
    // Offline: his last position says nothing of where he is now.
    expect(answer.body.data.at(-1)?.distance_km).toBeNull();
  });

  it('finds drivers by call sign or name, accent-insensitive', async () => {
    const byCallSign = await candidates('?search=307');
    expect(byCallSign.body.data.map((d) => d.id)).toEqual([ids.offline]);
    const byName = await candidates('?search=nastase');
    expect(byName.body.data.map((d) => d.id)).toEqual([ids.near]);
    expect((await candidates('?search=%25')).body.data).toEqual([]);
  });

  it('shows no other company’s driver, nor another company’s order', async () => {
    const answer = await candidates();
    expect(answer.body.data.some((d) => d.id === ids.foreign)).toBe(false);
    const foreign = await candidates('', dispatcher, foreignOrderId);
    expect(foreign.status).toBe(404);
    expect((await candidates('', stranger)).status).toBe(404);
  });

  it('is for the console only, and refuses a bad query field by field', async () => {
    const driverHeaders = await loginAs('far');
    expect((await candidates('', driverHeaders)).status).toBe(403);
    const bad = await get<ErrorBody>(
      `/api/orders/${orderId}/candidate-drivers?limit=5`,
      dispatcher,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['limit']);
    const badId = await get<ErrorBody>('/api/orders/abc/candidate-drivers', dispatcher);
    expect(Object.keys(badId.body.errors ?? {})).toEqual(['id']);
  });
});
