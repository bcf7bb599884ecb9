import { haversineMeters } from '@common/lib/geo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOsrm, startFakeOsrm } from '../../test/fake-osrm';
import {
  BREAKER_OPEN_MS,
  createRouting,
  type LatLong,
  MAX_TABLE_SOURCES,
  type RoutingConfig,
} from './routing.service';

/**
 * (docs/DISPATCH.md "Routes and distances"): road distances from an OSRM-compatible
 * server, the straight-line estimate when there is none or it fails, and the breaker. The
 * server is server/test/fake-osrm.ts on 127.0.0.1: nothing leaves this machine.
 */

const FAKE_FACTOR = 1.5;
const FAKE_SPEED_MPS = 10;
const ROAD_FACTOR = 1.3;
const CITY_KMH = 25;

// Around Piața Unirii, Bucharest.
const PICKUP: LatLong = { lat: 44.4268, long: 26.1025 };
const around = (count: number): LatLong[] =>
  Array.from({ length: count }, (_, i) => ({
    lat: 44.4 + (i % 20) * 0.003,
    long: 26.05 + Math.floor(i / 20) * 0.004,
  }));

const straight = (a: LatLong, b: LatLong) => haversineMeters(a.lat, a.long, b.lat, b.long);
const routed = (a: LatLong, b: LatLong) => {
  const distanceM = straight(a, b) * FAKE_FACTOR;
  return { distanceM, durationS: distanceM / FAKE_SPEED_MPS, source: 'routing' };
};
const estimated = (a: LatLong, b: LatLong) => {
  const distanceM = straight(a, b) * ROAD_FACTOR;
  return { distanceM, durationS: distanceM / (CITY_KMH / 3.6), source: 'estimate' };
};
const close = (leg: { distanceM: number; durationS: number; source: string }) => ({
  distanceM: expect.closeTo(leg.distanceM, 2),
  durationS: expect.closeTo(leg.durationS, 2),
  source: leg.source,
});

interface Logged {
  level: 'warn' | 'info';
  context: unknown;
  message: string;
}

function recorder() {
  const lines: Logged[] = [];
  const log = {
    warn: (context: unknown, message: string) => lines.push({ level: 'warn', context, message }),
    info: (context: unknown, message: string) => lines.push({ level: 'info', context, message }),
  };
  return { lines, log: log as unknown as Parameters<typeof createRouting>[1] };
}

const configFor = (
  url: string | undefined,
  overrides: Partial<RoutingConfig> = {},
): RoutingConfig => ({
  ROUTING_URL: url,
  ROUTING_PROFILE: 'driving',
  ROUTING_TIMEOUT_MS: 800,
  ROUTING_ROAD_FACTOR: ROAD_FACTOR,
  ROUTING_CITY_KMH: CITY_KMH,
  ...overrides,
});

describe('routing without ROUTING_URL', () => {
  it('estimates: straight line × 1.3 at 25 km/h, for toPoint and route', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(undefined), log);
    const sources = around(3);
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs).toEqual(sources.map((s) => close(estimated(s, PICKUP))));
    expect(await routing.route(sources[0] as LatLong, PICKUP)).toEqual(
      close(estimated(sources[0] as LatLong, PICKUP)),
    );
    // 1 km straight = 1.3 km of road = 187.2 s at 25 km/h.
    const north = { lat: PICKUP.lat + 1000 / 111_195, long: PICKUP.long };
    const leg = await routing.route(PICKUP, north);
    expect(leg.distanceM).toBeCloseTo(1300, 0);
    expect(leg.durationS).toBeCloseTo(187.2, 0);
    expect(await routing.toPoint([], PICKUP)).toEqual([]);
    expect(lines).toEqual([]);
  });
});

describe('routing with an OSRM server', () => {
  let fake: FakeOsrm;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    fake = await startFakeOsrm({ factor: FAKE_FACTOR, speedMps: FAKE_SPEED_MPS });
    clock = 1_000_000;
  });
  afterEach(async () => {
    await fake.close();
  });

  it('asks the Table service once for every source to the destination', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(fake.url), log, { now });
    const sources = around(5);
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs).toEqual(sources.map((s) => close(routed(s, PICKUP))));
    expect(fake.requestCount).toBe(1);
    const [request] = fake.requests;
    expect(request?.service).toBe('table');
    expect(request?.profile).toBe('driving');
    expect(request?.query.get('sources')).toBe('0;1;2;3;4');
    expect(request?.query.get('destinations')).toBe('5');
    expect(request?.query.get('annotations')).toBe('distance,duration');
    // lon,lat order, the destination last.
    expect(request?.coordinates.at(-1)).toEqual(PICKUP);
    expect(request?.coordinates[0]?.lat).toBeCloseTo(sources[0]?.lat as number, 6);
    expect(lines).toEqual([]);
    // No request for no sources.
    expect(await routing.toPoint([], PICKUP)).toEqual([]);
    expect(fake.requestCount).toBe(1);
  });

  it('splits more than 99 sources into parallel requests of at most 99, in order', async () => {
    const routing = createRouting(configFor(`${fake.url}/`), recorder().log, { now });
    const sources = around(250);
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs).toEqual(sources.map((s) => close(routed(s, PICKUP))));
    expect(fake.requests.map((r) => r.coordinates.length - 1)).toEqual([99, 99, 52]);
    for (const request of fake.requests)
      expect(request.coordinates.length).toBeLessThanOrEqual(MAX_TABLE_SOURCES + 1);
    // Exactly 99 sources still fit one request (100 coordinates, the server's limit).
    await routing.toPoint(around(99), PICKUP);
    expect(fake.requestCount).toBe(4);
  });

  it('estimates only the pairs the server cannot route (null cells), logging that once', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(fake.url), log, { now });
    const sources = around(4);
    const island = sources[2] as LatLong;
    fake.unreachable = (p) =>
      Math.abs(p.lat - island.lat) < 1e-7 && Math.abs(p.long - island.long) < 1e-7;
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs).toEqual(
      sources.map((s) => close(s === island ? estimated(s, PICKUP) : routed(s, PICKUP))),
    );
    await routing.toPoint(sources, PICKUP);
    // Not the server's fault: no breaker, the second call asked again.
    expect(fake.requestCount).toBe(2);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines[0]?.context).toMatchObject({ routing: { cause: 'unreachable pair', points: 1 } });
  });

  it('a timeout estimates, skips the server for 30 s (no request), then asks again', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(fake.url, { ROUTING_TIMEOUT_MS: 100 }), log, { now });
    const sources = around(3);
    fake.mode = { kind: 'slow', delayMs: 2_000 };
    const started = performance.now();
    const legs = await routing.toPoint(sources, PICKUP);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(legs).toEqual(sources.map((s) => close(estimated(s, PICKUP))));
    expect(fake.requestCount).toBe(1);

    // The breaker is open: estimates at once, nothing sent, for toPoint and route alike.
    fake.mode = { kind: 'ok' };
    clock += BREAKER_OPEN_MS - 1;
    expect(await routing.toPoint(sources, PICKUP)).toEqual(
      sources.map((s) => close(estimated(s, PICKUP))),
    );
    expect((await routing.route(PICKUP, sources[0] as LatLong)).source).toBe('estimate');
    expect(fake.requestCount).toBe(1);

    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.context).toMatchObject({
      routing: { cause: 'timeout', service: 'table', skippedForMs: BREAKER_OPEN_MS },
    });
    // The host is logged, never the query.
    expect(JSON.stringify(warnings[0]?.context)).not.toContain('sources=');

    // 30 s later it is asked again and answers.
    clock += 1;
    expect(await routing.toPoint(sources, PICKUP)).toEqual(
      sources.map((s) => close(routed(s, PICKUP))),
    );
    expect(fake.requestCount).toBe(2);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      message: 'routing server answers again',
      context: { routing: { estimatedLegs: 7 } },
    });
  });

  it('logs a repeated cause once per outage', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(fake.url), log, { now });
    fake.mode = { kind: 'fail' };
    for (let i = 0; i < 3; i += 1) {
      expect((await routing.route(PICKUP, around(1)[0] as LatLong)).source).toBe('estimate');
      clock += BREAKER_OPEN_MS;
    }
    expect(fake.requestCount).toBe(3);
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.context).toMatchObject({ routing: { cause: 'HTTP 500' } });
    // A different cause is a new line.
    fake.mode = { kind: 'code', code: 'TooBig' };
    await routing.route(PICKUP, around(1)[0] as LatLong);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('an HTTP 500 estimates every source of the request and opens the breaker', async () => {
    const routing = createRouting(configFor(fake.url), recorder().log, { now });
    fake.mode = { kind: 'fail' };
    const sources = around(120);
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs).toEqual(sources.map((s) => close(estimated(s, PICKUP))));
    expect(fake.requestCount).toBe(2);
    fake.mode = { kind: 'ok' };
    await routing.toPoint(sources, PICKUP);
    expect(fake.requestCount).toBe(2);
  });

  it('a NoTable or NoRoute answer estimates that question but keeps the server', async () => {
    const { lines, log } = recorder();
    const routing = createRouting(configFor(fake.url), log, { now });
    const sources = around(2);
    fake.mode = { kind: 'code', code: 'NoTable' };
    expect(await routing.toPoint(sources, PICKUP)).toEqual(
      sources.map((s) => close(estimated(s, PICKUP))),
    );
    fake.mode = { kind: 'code', code: 'NoRoute' };
    expect(await routing.route(PICKUP, sources[0] as LatLong)).toEqual(
      close(estimated(PICKUP, sources[0] as LatLong)),
    );
    fake.mode = { kind: 'ok' };
    expect(await routing.route(PICKUP, sources[0] as LatLong)).toEqual(
      close(routed(PICKUP, sources[0] as LatLong)),
    );
    expect(fake.requestCount).toBe(3);
    expect(lines.map((l) => (l.context as { routing: { cause: string } }).routing.cause)).toEqual([
      'code NoTable',
      'code NoRoute',
    ]);
  });

  it('route() asks the Route service without geometry', async () => {
    const routing = createRouting(configFor(fake.url), recorder().log, { now });
    const from = around(1)[0] as LatLong;
    expect(await routing.route(from, PICKUP)).toEqual(close(routed(from, PICKUP)));
    const [request] = fake.requests;
    expect(request?.service).toBe('route');
    expect(request?.query.get('overview')).toBe('false');
    expect(request?.coordinates).toHaveLength(2);
  });

  it('a server that is not there (connection refused) estimates and is skipped', async () => {
    const { lines, log } = recorder();
    const url = fake.url;
    await fake.close();
    const routing = createRouting(configFor(url), log, { now });
    expect((await routing.route(PICKUP, around(1)[0] as LatLong)).source).toBe('estimate');
    expect(lines[0]?.context).toMatchObject({ routing: { cause: 'network ECONNREFUSED' } });
    fake = await startFakeOsrm();
  });

  it('never sends invalid coordinates: that source is infinitely far, the others routed', async () => {
    const routing = createRouting(configFor(fake.url), recorder().log, { now });
    const sources = [...around(2), { lat: Number.NaN, long: 26.1 }];
    const legs = await routing.toPoint(sources, PICKUP);
    expect(legs.slice(0, 2)).toEqual(sources.slice(0, 2).map((s) => close(routed(s, PICKUP))));
    expect(legs[2]).toEqual({
      distanceM: Number.POSITIVE_INFINITY,
      durationS: Number.POSITIVE_INFINITY,
      source: 'estimate',
    });
    expect(fake.requests[0]?.coordinates).toHaveLength(3);
    // The server was not blamed.
    await routing.toPoint(around(1), PICKUP);
    expect(fake.requestCount).toBe(2);
  });

  it('uses ROUTING_PROFILE in the path', async () => {
    const carFake = await startFakeOsrm({ profile: 'car' });
    try {
      const routing = createRouting(
        configFor(carFake.url, { ROUTING_PROFILE: 'car' }),
        recorder().log,
        {
          now,
        },
      );
      expect((await routing.route(PICKUP, around(1)[0] as LatLong)).source).toBe('routing');
      expect(carFake.requests[0]?.profile).toBe('car');
    } finally {
      await carFake.close();
    }
  });
});
