import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { estimateLeg, isValidPoint, type LatLong, type RouteLeg } from './estimate';
import {
  failureOfThrown,
  type OsrmServer,
  RoutingFailure,
  requestRoute,
  requestTable,
} from './osrm-client';

export type { LatLong, RouteLeg } from './estimate';

/**
 * Road distances and times for the dispatch engine (docs/DISPATCH.md "Routes and
 * distances"). With ROUTING_URL it asks an OSRM-compatible server; without it, or whenever the
 * server is slow, failing or has no route, it answers the straight-line estimate instead. It
 * never throws: a dispatch step must go on when the routing server does not.
 */

/** After the server itself fails, it is left alone this long (a simple circuit breaker). */
export const BREAKER_OPEN_MS = 30_000;
/**
 * Sources per Table request: with the destination, 100 coordinates, osrm-routed's default
 * --max-table-size. Larger lists are split into requests of this size, sent in parallel.
 */
export const MAX_TABLE_SOURCES = 99;
/** A cause already logged is logged again only after this long (or after the server recovers). */
export const LOG_REPEAT_MS = 10 * 60_000;

export type RoutingConfig = Pick<
  Config,
  | 'ROUTING_URL'
  | 'ROUTING_PROFILE'
  | 'ROUTING_TIMEOUT_MS'
  | 'ROUTING_ROAD_FACTOR'
  | 'ROUTING_CITY_KMH'
>;

export interface RoutingOptions {
  /** The clock the breaker and the log deduplication read (tests move it by hand). */
  now?: () => number;
}

export function createRouting(
  config: RoutingConfig,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  options: RoutingOptions = {},
) {
  const now = options.now ?? Date.now;
  const settings = { roadFactor: config.ROUTING_ROAD_FACTOR, cityKmh: config.ROUTING_CITY_KMH };
  const server: OsrmServer | undefined = config.ROUTING_URL
    ? {
        base: config.ROUTING_URL.replace(/\/+$/, ''),
        profile: config.ROUTING_PROFILE,
        timeoutMs: config.ROUTING_TIMEOUT_MS,
      }
    : undefined;
  // Logged instead of the URL: no credentials a base URL might carry in its user part or query.
  const host = config.ROUTING_URL ? new URL(config.ROUTING_URL).host : undefined;

  /** The breaker: no request before this instant. */
  let skipUntil = 0;
  /** Whether the server's last answer was a failure of its own (for the one recovery line). */
  let failing = false;
  /** Legs estimated because the server was failing or skipped, since it started failing. */
  let estimatedWhileFailing = 0;
  const loggedAt = new Map<string, number>();

  const estimate = (from: LatLong, to: LatLong): RouteLeg => {
    if (failing) estimatedWhileFailing += 1;
    return estimateLeg(from, to, settings);
  };

  const report = (failure: RoutingFailure, service: 'table' | 'route', points: number) => {
    if (failure.serverFault) {
      skipUntil = now() + BREAKER_OPEN_MS;
      failing = true;
    }
    const last = loggedAt.get(failure.reason);
    if (last !== undefined && now() - last < LOG_REPEAT_MS) return;
    loggedAt.set(failure.reason, now());
    log.warn(
      {
        routing: {
          host,
          profile: config.ROUTING_PROFILE,
          service,
          cause: failure.reason,
          points,
          ...(failure.serverFault ? { skippedForMs: BREAKER_OPEN_MS } : {}),
        },
      },
      failure.serverFault
        ? 'routing server failed: distances are estimated, the server is skipped for a while'
        : 'routing server has no route for some points: those are estimated',
    );
  };

  const answered = () => {
    if (!failing) return;
    failing = false;
    log.info(
      { routing: { host, estimatedLegs: estimatedWhileFailing } },
      'routing server answers again',
    );
    estimatedWhileFailing = 0;
    loggedAt.clear();
  };

  /** The server to ask now, or undefined: none configured, or skipped after a failure. */
  const available = () => (server && now() >= skipUntil ? server : undefined);

  return {
    /**
     * Every source's way to one destination (the engine: each candidate driver to the pickup),
     * in the sources' order. One Table request per 99 sources; a pair the server cannot route
     * is estimated alone, a failed request estimates its sources.
     */
    async toPoint(sources: LatLong[], destination: LatLong): Promise<RouteLeg[]> {
      const legs = new Array<RouteLeg>(sources.length);
      const target = available();
      const routable: number[] = [];
      sources.forEach((source, i) => {
        if (target && isValidPoint(source) && isValidPoint(destination)) routable.push(i);
        else legs[i] = estimate(source, destination);
      });
      if (target && routable.length < sources.length)
        report(new RoutingFailure('invalid coordinates', false), 'table', sources.length);

      const chunks: number[][] = [];
      for (let i = 0; i < routable.length; i += MAX_TABLE_SOURCES)
        chunks.push(routable.slice(i, i + MAX_TABLE_SOURCES));
      await Promise.all(
        chunks.map(async (chunk) => {
          const points = chunk.map((i) => sources[i] as LatLong);
          try {
            const cells = await requestTable(target as OsrmServer, points, destination);
            answered();
            let unreachable = 0;
            chunk.forEach((sourceIndex, k) => {
              const cell = cells[k];
              if (cell) {
                legs[sourceIndex] = { ...cell, source: 'routing' };
              } else {
                unreachable += 1;
                legs[sourceIndex] = estimate(points[k] as LatLong, destination);
              }
            });
            if (unreachable > 0)
              report(new RoutingFailure('unreachable pair', false), 'table', unreachable);
          } catch (error) {
            report(failureOfThrown(error), 'table', points.length + 1);
            chunk.forEach((sourceIndex, k) => {
              legs[sourceIndex] = estimate(points[k] as LatLong, destination);
            });
          }
        }),
      );
      return legs;
    },

    /** One way from → to (the engine: a driver's route; the order's own trip). */
    async route(from: LatLong, to: LatLong): Promise<RouteLeg> {
      const target = available();
      if (!target) return estimate(from, to);
      if (!isValidPoint(from) || !isValidPoint(to)) {
        report(new RoutingFailure('invalid coordinates', false), 'route', 2);
        return estimate(from, to);
      }
      try {
        const figures = await requestRoute(target, from, to);
        answered();
        if (figures) return { ...figures, source: 'routing' };
        report(new RoutingFailure('no route', false), 'route', 2);
      } catch (error) {
        report(failureOfThrown(error), 'route', 2);
      }
      return estimate(from, to);
    },
  };
}

export type Routing = ReturnType<typeof createRouting>;
