import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { haversineMeters } from '@common/lib/geo';

/**
 * A local stand-in for an OSRM server (docs/DISPATCH.md "Routes and distances"), on 127.0.0.1 and
 * a free port: tests never reach a host outside this machine. It speaks the documented HTTP API
 * (https://project-osrm.org/docs/v5.24.0/api/) for the two services the routing module uses:
 *
 * - `GET /table/v1/{profile}/{lon,lat;…}?sources=…&destinations=…&annotations=distance,duration`
 *   → `{ code: 'Ok', durations: [][], distances: [][] }`, null where a pair has no route;
 * - `GET /route/v1/{profile}/{lon,lat;lon,lat}?overview=false`
 *   → `{ code: 'Ok', routes: [{ distance, duration }], waypoints: [] }`.
 *
 * Its distances are haversine × `factor` and its times that distance at `speedMps`, so a test
 * can tell a routed figure from the module's estimate. Like the real server it refuses more
 * than `maxTableSize` coordinates in a table (`TooBig`, osrm-routed's --max-table-size 100) and
 * answers errors with HTTP 400 and `{ code, message }`.
 */
type Point = { lat: number; long: number };

export interface FakeOsrmOptions {
  /** Road distance = straight line × this (default 1.5; the module's estimate uses 1.3). */
  factor?: number;
  /** Travel speed in metres per second (default 10 m/s = 36 km/h; the estimate uses 25 km/h). */
  speedMps?: number;
  /** Coordinates a table may hold (default 100, as osrm-routed). */
  maxTableSize?: number;
  /** The profile it serves; another one answers 400 InvalidValue (default 'driving'). */
  profile?: string;
}

export type FakeOsrmMode =
  /** Answer as documented. */
  | { kind: 'ok' }
  /** HTTP 500 with a plain-text body (a proxy in front of a dead server). */
  | { kind: 'fail' }
  /** Answer correctly, but only after this many milliseconds. */
  | { kind: 'slow'; delayMs: number }
  /** HTTP 400 with this OSRM code, as the real server does for NoTable, NoRoute, NoSegment. */
  | { kind: 'code'; code: string };

export interface FakeOsrmRequest {
  service: string;
  profile: string;
  coordinates: Point[];
  query: URLSearchParams;
  /** The path and query as received. */
  url: string;
}

export interface FakeOsrm {
  /** Base URL to put in ROUTING_URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: FakeOsrmRequest[];
  readonly requestCount: number;
  mode: FakeOsrmMode;
  /** A point this returns true for has no route to or from anywhere (a null table cell, NoRoute). */
  unreachable: (point: Point) => boolean;
  close(): Promise<void>;
}

const parseCoordinates = (text: string) =>
  text.split(';').map((pair) => {
    const [long, lat] = pair.split(',').map(Number);
    return { lat: lat ?? Number.NaN, long: long ?? Number.NaN };
  });

const parseIndices = (value: string | null, count: number): number[] | null => {
  if (value === null || value === 'all') return Array.from({ length: count }, (_, i) => i);
  const indices = value.split(';').map(Number);
  return indices.every((i) => Number.isInteger(i) && i >= 0 && i < count) ? indices : null;
};

export async function startFakeOsrm(options: FakeOsrmOptions = {}): Promise<FakeOsrm> {
  const factor = options.factor ?? 1.5;
  const speedMps = options.speedMps ?? 10;
  const maxTableSize = options.maxTableSize ?? 100;
  const profile = options.profile ?? 'driving';
  const requests: FakeOsrmRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, code: string, message: string) =>
    json(response, 400, { code, message });

  const answer = (request: FakeOsrmRequest, response: ServerResponse) => {
    if (fake.mode.kind === 'fail') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal Server Error');
      return;
    }
    if (fake.mode.kind === 'code') {
      error(response, fake.mode.code, `fake ${fake.mode.code}`);
      return;
    }
    if (request.profile !== profile) {
      error(response, 'InvalidValue', `unknown profile ${request.profile}`);
      return;
    }
    const points = request.coordinates;
    // Indices were checked against points.length.
    const at = (i: number) => points[i] as Point;
    if (points.some((p) => !Number.isFinite(p.lat) || !Number.isFinite(p.long))) {
      error(response, 'InvalidQuery', 'Query string malformed');
      return;
    }
    const leg = (a: Point, b: Point) => {
      if (fake.unreachable(a) || fake.unreachable(b)) return null;
      const distance = haversineMeters(a.lat, a.long, b.lat, b.long) * factor;
      return { distance, duration: distance / speedMps };
    };

    if (request.service === 'table') {
      if (points.length > maxTableSize) {
        error(response, 'TooBig', 'Too many table coordinates');
        return;
      }
      const sources = parseIndices(request.query.get('sources'), points.length);
      const destinations = parseIndices(request.query.get('destinations'), points.length);
      if (!sources || !destinations) {
        error(response, 'InvalidOptions', 'sources or destinations out of range');
        return;
      }
      const annotations = (request.query.get('annotations') ?? 'duration').split(',');
      const cells = sources.map((s) => destinations.map((d) => leg(at(s), at(d))));
      const waypoint = (i: number) => ({
        location: [at(i).long, at(i).lat],
        name: '',
        distance: 0,
        hint: '',
      });
      json(response, 200, {
        code: 'Ok',
        ...(annotations.includes('duration')
          ? { durations: cells.map((row) => row.map((cell) => cell?.duration ?? null)) }
          : {}),
        ...(annotations.includes('distance')
          ? { distances: cells.map((row) => row.map((cell) => cell?.distance ?? null)) }
          : {}),
        sources: sources.map(waypoint),
        destinations: destinations.map(waypoint),
      });
      return;
    }

    if (request.service === 'route') {
      if (points.length < 2) {
        error(response, 'InvalidValue', 'at least two coordinates');
        return;
      }
      let distance = 0;
      let duration = 0;
      for (let i = 1; i < points.length; i += 1) {
        const part = leg(at(i - 1), at(i));
        if (!part) {
          error(response, 'NoRoute', 'Impossible route between points');
          return;
        }
        distance += part.distance;
        duration += part.duration;
      }
      json(response, 200, {
        code: 'Ok',
        routes: [{ distance, duration, weight: duration, weight_name: 'routability', legs: [] }],
        waypoints: [],
      });
      return;
    }

    error(response, 'InvalidService', `unknown service ${request.service}`);
  };

  const handle = (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    // /{service}/v1/{profile}/{coordinates}
    const match = /^\/([a-z]+)\/v1\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      error(response, 'InvalidUrl', 'URL string malformed');
      return;
    }
    const request: FakeOsrmRequest = {
      service: match[1] as string,
      profile: decodeURIComponent(match[2] as string),
      coordinates: parseCoordinates(decodeURIComponent(match[3] as string)),
      query: url.searchParams,
      url: incoming.url ?? '/',
    };
    requests.push(request);
    if (fake.mode.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answer(request, response);
      }, fake.mode.delayMs);
      timers.add(timer);
      return;
    }
    answer(request, response);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeOsrm = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get requestCount() {
      return requests.length;
    },
    mode: { kind: 'ok' },
    unreachable: () => false,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
  return fake;
}
