import { z } from 'zod';
import type { LatLong } from './estimate';

/**
 * The two requests the routing module makes of an OSRM-compatible server (HTTP API v1,
 * https://project-osrm.org/docs/v5.24.0/api/): the Table service for many sources to one
 * destination, and the Route service for one pair. Failures are thrown as RoutingFailure so the
 * module can tell a sick server (skip it for a while) from a question it cannot answer.
 */

export interface OsrmServer {
  /** ROUTING_URL without its trailing slashes. */
  base: string;
  profile: string;
  timeoutMs: number;
}

/** Metres and seconds of one routed pair. */
export interface RoutedFigures {
  distanceM: number;
  durationS: number;
}

export class RoutingFailure extends Error {
  constructor(
    /** Short and stable ('timeout', 'HTTP 500', 'code NoTable' …): the log is deduplicated by it. */
    readonly reason: string,
    /** True when the server itself is failing (the breaker opens); false for this question only. */
    readonly serverFault: boolean,
  ) {
    super(`routing: ${reason}`);
  }
}

/**
 * OSRM's answers about the coordinates rather than the server (HTTP 400): no route between them,
 * or a point that snaps to no road. The next question may well succeed.
 */
const QUESTION_CODES = new Set(['NoRoute', 'NoTable', 'NoSegment']);

const failureOfCode = (code: string) =>
  new RoutingFailure(`code ${code}`, !QUESTION_CODES.has(code));

/** What fetch threw: a timeout, or the connection's own error code (ECONNREFUSED …). */
export function failureOfThrown(error: unknown): RoutingFailure {
  if (error instanceof RoutingFailure) return error;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new RoutingFailure('timeout', true);
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return new RoutingFailure(code ? `network ${code}` : 'network error', true);
}

/** OSRM wants `{longitude},{latitude}`; 6 decimals are 0.1 m. */
const coordinates = (points: LatLong[]) =>
  points.map((p) => `${p.long.toFixed(6)},${p.lat.toFixed(6)}`).join(';');

async function getOk(server: OsrmServer, path: string): Promise<unknown> {
  let text: string;
  let status: number;
  try {
    const response = await fetch(`${server.base}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(server.timeoutMs),
    });
    status = response.status;
    // Read the whole body (under the same deadline) so the connection is released.
    text = await response.text();
  } catch (error) {
    throw failureOfThrown(error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  // OSRM answers its errors with HTTP 400 and a code; anything else without one is the server.
  if (code !== undefined && code !== 'Ok') throw failureOfCode(code);
  if (status < 200 || status >= 300) throw new RoutingFailure(`HTTP ${status}`, true);
  if (code !== 'Ok') throw new RoutingFailure('malformed answer', true);
  return body;
}

const Cell = z.number().nonnegative().nullable();
const TableSchema = z.object({
  durations: z.array(z.array(Cell)),
  distances: z.array(z.array(Cell)),
});

/**
 * One Table request: every source to the one destination (the last coordinate), in the
 * sources' order; null where the server found no route for that pair. The caller keeps
 * sources + 1 within the server's max-table-size.
 */
export async function requestTable(
  server: OsrmServer,
  sources: LatLong[],
  destination: LatLong,
): Promise<(RoutedFigures | null)[]> {
  const n = sources.length;
  // Written out rather than through URLSearchParams, which would escape the ';' OSRM splits on.
  const query = `sources=${Array.from({ length: n }, (_, i) => i).join(';')}&destinations=${n}&annotations=distance,duration`;
  const path = `/table/v1/${encodeURIComponent(server.profile)}/${coordinates([...sources, destination])}`;
  const body = await getOk(server, `${path}?${query}`);
  const parsed = TableSchema.safeParse(body);
  const table = parsed.success ? parsed.data : undefined;
  if (
    !table ||
    table.durations.length !== n ||
    table.distances.length !== n ||
    table.durations.some((row) => row.length !== 1) ||
    table.distances.some((row) => row.length !== 1)
  )
    throw new RoutingFailure('malformed answer', true);
  return sources.map((_, i) => {
    const distanceM = table.distances[i]?.[0];
    const durationS = table.durations[i]?.[0];
    return typeof distanceM === 'number' && typeof durationS === 'number'
      ? { distanceM, durationS }
      : null;
  });
}

const RouteSchema = z.object({
  routes: z.array(
    z.object({ distance: z.number().nonnegative(), duration: z.number().nonnegative() }),
  ),
});

/** One Route request from → to without geometry; null when the server found no route. */
export async function requestRoute(
  server: OsrmServer,
  from: LatLong,
  to: LatLong,
): Promise<RoutedFigures | null> {
  const path = `/route/v1/${encodeURIComponent(server.profile)}/${coordinates([from, to])}?overview=false`;
  const parsed = RouteSchema.safeParse(await getOk(server, path));
  if (!parsed.success) throw new RoutingFailure('malformed answer', true);
  const [best] = parsed.data.routes;
  return best ? { distanceM: best.distance, durationS: best.duration } : null;
}
