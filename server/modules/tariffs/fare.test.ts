import type { ErrorBody } from '@common/http/errors';
import { haversineMeters } from '@common/lib/geo';
import { meteredFare } from '@common/money/fare';
import type { FareEstimate } from '@common/money/tariffs.schema';
import type { Order } from '@common/orders/orders.schema';
import type { Polygon } from '@common/zones/zones.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { type FakeOsrm, startFakeOsrm } from '../../test/fake-osrm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';
import { NO_TARIFF } from './tariffs.service';

type Headers = { authorization: string };
type Point = { lat: number; long: number };

const METER = { start_fee: 500, per_km: 280, per_minute: 50, minimum_fare: 1200 };
/** The fake OSRM's road: the straight line × 1.5 at 10 m/s (fake-osrm.ts's defaults). */
const FAKE = { factor: 1.5, speedMps: 10 };
/** The estimate without a router: the straight line × ROUTING_ROAD_FACTOR at ROUTING_CITY_KMH. */
const STRAIGHT = { factor: 1.3, kmh: 25 };

/** West and east of Iași's centre, each inside one of the zones below; `far` in neither. */
const WEST: Point = { lat: 47.16, long: 27.58 };
const EAST: Point = { lat: 47.16, long: 27.61 };
const NORTH: Point = { lat: 47.2, long: 27.6 };

const straight = (a: Point, b: Point) => haversineMeters(a.lat, a.long, b.lat, b.long);

let osrm: FakeOsrm;
let t: TestApp;
let offline: TestApp;

const square = (long: number) =>
  [
    [long, 47.15],
    [long + 0.02, 47.15],
    [long + 0.02, 47.17],
    [long, 47.17],
  ].map(([x, y]) => ({ lat: y as number, long: x as number }));

/** A company with a manager, a dispatcher and a driver in an app, its meter set when asked. */
async function company(app: TestApp, options: { meter?: boolean } = {}) {
  const { id } = await buildCompany(app.db);
  const manager = await app.login(
    await buildUser(app.db, { roles: ['manager'], companyIds: [id] }),
  );
  const dispatcher = await app.login(
    await buildUser(app.db, { roles: ['dispatcher'], companyIds: [id] }),
  );
  const driverUser = await buildDriver(app.db, id);
  const driver = await app.login(driverUser);
  if (options.meter !== false) {
    const set = await app.app.inject({
      method: 'PUT',
      url: '/api/tariffs/0',
      headers: manager,
      payload: METER,
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return { id, manager, dispatcher, driver, driverId: driverUser.id };
}

const post = (app: TestApp, headers: Headers, url: string, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

const estimate = (app: TestApp, headers: Headers, body: object) =>
  post(app, headers, '/api/fare-estimates', body);

async function zonePrice(app: TestApp, c: Awaited<ReturnType<typeof company>>, price: number) {
  const zones: Polygon[] = [];
  for (const [name, long] of [
    ['Vest', 27.57],
    ['Est', 27.6],
  ] as const) {
    const response = await post(app, c.dispatcher, '/api/polygons', { name, paths: square(long) });
    expect(response.statusCode, response.body).toBe(201);
    zones.push(response.json<Polygon>());
  }
  const [west, east] = zones as [Polygon, Polygon];
  const response = await post(app, c.manager, '/api/zone-prices', {
    from_polygon_id: west.id,
    to_polygon_id: east.id,
    price,
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  osrm = await startFakeOsrm(FAKE);
  t = await createTestApp({ ROUTING_URL: osrm.url });
  offline = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await osrm?.close();
});

describe('POST /api/fare-estimates', () => {
  it('prices the planned route through every place by the routing server', async () => {
    const c = await company(t);
    const response = await estimate(t, c.dispatcher, {
      places: [WEST, EAST, NORTH],
      departure_time: '2026-01-14 10:00:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const metres = (straight(WEST, EAST) + straight(EAST, NORTH)) * FAKE.factor;
    const trip = { distance_m: Math.round(metres), duration_s: Math.round(metres / FAKE.speedMps) };
    expect(response.json<FareEstimate>()).toEqual({
      cost: meteredFare(METER, trip).cost,
      source: 'estimate',
      ...trip,
      routed: true,
      percent: 100,
      minimum_applied: false,
      zone_price_id: null,
    });
  });

  it('falls back to the straight line when no routing server is set (routed: false)', async () => {
    const c = await company(offline);
    const response = await estimate(offline, c.dispatcher, { places: [WEST, NORTH] });
    const metres = straight(WEST, NORTH) * STRAIGHT.factor;
    expect(response.json<FareEstimate>()).toMatchObject({
      distance_m: Math.round(metres),
      duration_s: Math.round(metres / (STRAIGHT.kmh / 3.6)),
      routed: false,
      source: 'estimate',
    });
  });

  it('applies the surcharge of the departure (Bucharest time), and the minimum fare', async () => {
    const c = await company(t);
    const night = await post(t, c.manager, '/api/tariff-surcharges', {
      name: 'Noapte',
      days: [1, 2, 3, 4, 5, 6, 7],
      time_from: '22:00',
      time_to: '06:00',
      percent: 130,
    });
    expect(night.statusCode).toBe(201);
    const at = async (departure: string) =>
      (
        await estimate(t, c.dispatcher, { places: [WEST, NORTH], departure_time: departure })
      ).json<FareEstimate>();
    // 21:30 UTC in January is 23:30 in Bucharest; 10:00 UTC is noon.
    const [late, noon] = [await at('2026-01-14 21:30:00'), await at('2026-01-14 10:00:00')];
    expect([late.percent, noon.percent]).toEqual([130, 100]);
    expect(late.cost).toBe(
      meteredFare(METER, { distance_m: late.distance_m, duration_s: late.duration_s }, 130).cost,
    );
    const short = (
      await estimate(t, c.dispatcher, {
        places: [WEST, { lat: WEST.lat + 0.001, long: WEST.long }],
        departure_time: '2026-01-14 10:00:00',
      })
    ).json<FareEstimate>();
    expect(short).toMatchObject({ cost: METER.minimum_fare, minimum_applied: true });
  });

  it("answers a zone price between the pickup's zone and the last place's, either way", async () => {
    const c = await company(t);
    await zonePrice(t, c, 1800);
    for (const places of [
      [WEST, EAST],
      [EAST, NORTH, WEST],
    ]) {
      const priced = (await estimate(t, c.dispatcher, { places })).json<FareEstimate>();
      expect(priced).toMatchObject({ cost: 1800, source: 'zone', percent: 100 });
      expect(priced.zone_price_id).not.toBeNull();
    }
    // Out of the zones: the meter.
    expect(
      (await estimate(t, c.dispatcher, { places: [WEST, NORTH] })).json<FareEstimate>().source,
    ).toBe('estimate');
  });

  it('answers 404 when the company has no tariff', async () => {
    const c = await company(t, { meter: false });
    const response = await estimate(t, c.dispatcher, { places: [WEST, EAST] });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().message).toBe(NO_TARIFF);
  });
});

describe('the fare stored at intake', () => {
  const orderBody = (places: Point[], fields: object = {}) => ({
    places: places.map((p, i) => ({ name: `Adresa ${i}`, ...p })),
    ...fields,
  });

  it("stores the estimate, the operator's fixed price, or nothing without a tariff", async () => {
    const c = await company(t);
    const estimated = await t.postOrder(c.dispatcher, orderBody([WEST, NORTH]));
    const expected = (
      await estimate(t, c.dispatcher, { places: [WEST, NORTH] })
    ).json<FareEstimate>();
    expect(estimated).toMatchObject({
      cost: expected.cost,
      cost_source: 'estimate',
      discounted_cost: expected.cost,
    });
    const fixed = await t.postOrder(c.dispatcher, orderBody([WEST, NORTH], { cost: 2500 }));
    expect(fixed).toMatchObject({ cost: 2500, cost_source: 'fixed', discounted_cost: 2500 });
    // One place: nothing to price yet.
    expect((await t.postOrder(c.dispatcher, orderBody([WEST]))).cost).toBeNull();

    const free = await company(t, { meter: false });
    expect(await t.postOrder(free.dispatcher, orderBody([WEST, NORTH]))).toMatchObject({
      cost: null,
      cost_source: null,
    });
  });

  it('stores a zone price, and prices a draft again when its places change', async () => {
    const c = await company(t);
    await zonePrice(t, c, 1800);
    const zoned = await t.postOrder(c.dispatcher, orderBody([WEST, EAST]));
    expect(zoned).toMatchObject({ cost: 1800, cost_source: 'zone' });

    const draft = await t.postOrder(c.dispatcher, orderBody([WEST, EAST], { place: false }));
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      headers: c.dispatcher,
      payload: { places: orderBody([WEST, NORTH]).places },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Order>().cost_source).toBe('estimate');
  });
});

describe('the fare made at the finish', () => {
  /** An order of the company on its trip with the driver since `minutes` ago. */
  async function onTrip(
    c: Awaited<ReturnType<typeof company>>,
    places: Point[],
    fare: { cost: number; cost_source: string } | null = null,
    minutes = 10,
  ) {
    const order = await buildOrder(t.db, c.id, {
      state: 'assigned',
      trip_state: 'started',
      driver_id: c.driverId,
    });
    await t.db.execute(sql`update orders set
      trip_started_at = (now() at time zone 'utc') - make_interval(mins => ${minutes}),
      cost = ${fare?.cost ?? null}, cost_source = ${fare?.cost_source ?? null}
      where id = ${order.id}`);
    await t.db.execute(sql`delete from order_places where order_id = ${order.id}`);
    for (const [position, p] of places.entries()) {
      await t.db.execute(sql`insert into order_places (order_id, position, name, lat, long)
        values (${order.id}, ${position}, ${`Loc ${position}`}, ${p.lat}, ${p.long})`);
    }
    return order.id;
  }

  /**
   * The driver's positions on the order, one a minute from the trip's start (seconds apart per
   * order: one driver's positions are keyed by their time).
   */
  async function drove(c: Awaited<ReturnType<typeof company>>, orderId: number, route: Point[]) {
    for (const [i, p] of route.entries()) {
      await t.db.execute(sql`insert into driver_position_history
          (driver_id, reported_at, lat, long, order_id)
        values (${c.driverId}, (now() at time zone 'utc') - make_interval(mins => ${9 - i}, secs => ${orderId % 60}),
          ${p.lat}, ${p.long}, ${orderId})`);
    }
  }

  const finish = (c: Awaited<ReturnType<typeof company>>, id: number, body?: object) =>
    post(t, c.driver, `/api/drivers/me/orders/${id}/finish`, body);

  const secondsOf = (order: Order) =>
    (Date.parse(`${order.trip_finished_at?.replace(' ', 'T')}Z`) -
      Date.parse(`${order.trip_started_at?.replace(' ', 'T')}Z`)) /
    1000;

  it('charges the meter on the positions driven and the trip’s time, with no body sent', async () => {
    const c = await company(t);
    const id = await onTrip(c, [WEST, EAST], { cost: 1500, cost_source: 'estimate' });
    const route = [WEST, NORTH, EAST];
    await drove(c, id, route);
    const response = await finish(c, id);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<Order>();
    const metres = straight(WEST, NORTH) + straight(NORTH, EAST);
    const expected = meteredFare(METER, { distance_m: metres, duration_s: secondsOf(order) }).cost;
    expect(order).toMatchObject({
      state: 'finished',
      cost: expected,
      cost_source: 'meter',
      discounted_cost: expected,
    });
  });

  it('takes the planned route (straight line) when fewer than two positions were kept', async () => {
    const c = await company(t);
    const id = await onTrip(c, [WEST, NORTH]);
    await drove(c, id, [WEST]);
    const order = (await finish(c, id)).json<Order>();
    const planned = straight(WEST, NORTH) * STRAIGHT.factor;
    expect(order.cost).toBe(
      meteredFare(METER, { distance_m: planned, duration_s: secondsOf(order) }).cost,
    );
  });

  it("takes the driver's taximeter only where the company accepts it", async () => {
    const c = await company(t);
    const refused = await onTrip(c, [WEST, NORTH]);
    expect((await finish(c, refused, { taximeter_amount: 4321 })).json<Order>().cost_source).toBe(
      'meter',
    );
    await t.app.inject({
      method: 'PUT',
      url: '/api/finance-settings',
      headers: c.manager,
      payload: { accept_taximeter: true, min_balance: 0, allow_negative_balance: false },
    });
    const accepted = await onTrip(c, [WEST, NORTH]);
    expect((await finish(c, accepted, { taximeter_amount: 4321 })).json<Order>()).toMatchObject({
      cost: 4321,
      cost_source: 'taximeter',
    });
    const bad = await onTrip(c, [WEST, NORTH]);
    expect((await finish(c, bad, { taximeter_amount: -5 })).statusCode).toBe(422);
  });

  it('charges the zone price, and leaves a fixed price as it was', async () => {
    const c = await company(t);
    await zonePrice(t, c, 1800);
    const zoned = await onTrip(c, [EAST, WEST], { cost: 1800, cost_source: 'zone' });
    await drove(c, zoned, [EAST, NORTH, WEST]);
    expect((await finish(c, zoned)).json<Order>()).toMatchObject({
      cost: 1800,
      cost_source: 'zone',
    });
    const fixed = await onTrip(c, [WEST, NORTH], { cost: 2222, cost_source: 'fixed' });
    await drove(c, fixed, [WEST, EAST, NORTH]);
    expect((await finish(c, fixed)).json<Order>()).toMatchObject({
      cost: 2222,
      cost_source: 'fixed',
    });
  });
});
