import { parseArgs } from 'node:util';
import { createAccessToken, deleteAccessToken, verifyAccessToken } from '@common/auth/auth.api';
import type { UserCompany } from '@common/auth/auth.schema';
import { MAX_PER_PAGE } from '@common/http/pagination';
import { FALLBACK_MAP_CENTER } from '@common/lib/geo';
import { createSimulatorSession } from '@common/simulator/simulator.api';
import { SIMULATOR_POSITION_INTERVAL_MS } from '@common/simulator/simulator.schema';
import { listUsers } from '@common/users/users.api';
import { DEFAULT_PASSWORD } from '../db/factories';
import { DEMO_ACCOUNTS } from '../db/seed';
import { startFleet } from './fleet';
import { callApi } from './http';
import {
  DEFAULT_ACCEPT_PROBABILITY,
  DEFAULT_AREA_RADIUS_M,
  DEFAULT_CANCEL_PROBABILITY,
} from './movement';
import type { DriverIdentity, FleetLog } from './simulated-driver';

/**
 * `npm run simulate -- --drivers N [--company ID] [--url …] [--email … --password …]
 * [--interval 5] [--seed 1] [--radius 4000] [--accept 0.8] [--cancel 0.02] [--time-scale 1]
 * [--duration S]` (docs/OPERATIONS.md "Driver simulators"): logs in as a
 * dispatcher, takes the first N drivers of his company, and drives them through the real driver
 * paths until Ctrl+C, which takes them offline. They answer their offers and drive
 * the orders they get to the end.
 */

const USAGE = `Usage: npm run simulate -- [options]

  --drivers N      how many of the company's drivers to move (default 10)
  --company ID     which of the dispatcher's companies (default: his first)
  --url URL        the server (default http://127.0.0.1:3000)
  --email E        a dispatcher or admin of the company (default ${DEMO_ACCOUNTS.dispatcher})
  --password P     his password (default the demo's, ${DEFAULT_PASSWORD})
  --interval S     seconds between positions (default 5)
  --seed N         the same seed moves the same drivers the same way (default 1)
  --radius M       the area around the company, in metres (default ${DEFAULT_AREA_RADIUS_M})
  --accept P       the chance a driver accepts an offer, 0 to 1 (default ${DEFAULT_ACCEPT_PROBABILITY})
  --cancel P       the chance he cancels an order at the pickup, 0 to 1 (default ${DEFAULT_CANCEL_PROBABILITY})
  --time-scale N   drive and wait N times faster than real time, 1 to 120 (default 1)
  --duration S     stop by itself after S seconds (default: run until Ctrl+C)
  --quiet          only the start, problems and the end, not every status change
`;

class UsageError extends Error {}

function positiveNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new UsageError(`--${name} must be a positive number`);
  return number;
}

function timeScale(value: string | undefined): number {
  const number = positiveNumber(value, 'time-scale', 1);
  if (number < 1 || number > 120) throw new UsageError('--time-scale must be from 1 to 120');
  return number;
}

function probability(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
    throw new UsageError(`--${name} must be a number from 0 to 1`);
  return number;
}

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      drivers: { type: 'string' },
      company: { type: 'string' },
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      interval: { type: 'string' },
      seed: { type: 'string' },
      radius: { type: 'string' },
      accept: { type: 'string' },
      cancel: { type: 'string' },
      'time-scale': { type: 'string' },
      duration: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  return {
    help: values.help ?? false,
    drivers: Math.floor(positiveNumber(values.drivers, 'drivers', 10)),
    companyId:
      values.company === undefined ? undefined : positiveNumber(values.company, 'company', 0),
    url: values.url ?? 'http://127.0.0.1:3000',
    email: values.email ?? DEMO_ACCOUNTS.dispatcher,
    password: values.password ?? DEFAULT_PASSWORD,
    intervalMs: Math.round(
      positiveNumber(values.interval, 'interval', SIMULATOR_POSITION_INTERVAL_MS / 1000) * 1000,
    ),
    seed: Math.floor(positiveNumber(values.seed, 'seed', 1)),
    radiusM: positiveNumber(values.radius, 'radius', DEFAULT_AREA_RADIUS_M),
    acceptProbability: probability(values.accept, 'accept', DEFAULT_ACCEPT_PROBABILITY),
    cancelProbability: probability(values.cancel, 'cancel', DEFAULT_CANCEL_PROBABILITY),
    timeScale: timeScale(values['time-scale']),
    durationS:
      values.duration === undefined ? undefined : positiveNumber(values.duration, 'duration', 0),
    quiet: values.quiet ?? false,
  };
}

const time = () => new Date().toLocaleTimeString('ro-RO', { hour12: false });
const consoleLog = (quiet: boolean): FleetLog => ({
  info: (message) => console.log(`${time()} ${message}`),
  warn: (message) => console.warn(`${time()} ! ${message}`),
  debug: (message) => {
    if (!quiet) console.log(`${time()}   ${message}`);
  },
});

/**
 * The first `wanted` offline drivers of the company (GET /api/users?role=driver, page by
 * page). A driver already online is left alone: his phone, or another simulator, moves him.
 */
async function companyDrivers(url: string, token: string, companyId: number, wanted: number) {
  const found: DriverIdentity[] = [];
  let online = 0;
  for (let page = 1; found.length < wanted; page++) {
    const { data, meta } = await callApi(
      url,
      listUsers,
      { query: { role: 'driver', page, per_page: MAX_PER_PAGE } },
      token,
    );
    for (const user of data) {
      // An admin's list spans every company: only this company's drivers move.
      if (!user.company_ids.includes(companyId) || found.length >= wanted) continue;
      if (user.is_online) {
        online++;
        continue;
      }
      found.push({
        id: user.id,
        name: user.name,
        indicativ: user.default_car?.indicativ ?? user.identifier,
      });
    }
    if (page * meta.per_page >= meta.total) break;
  }
  return { found, online };
}

function pickCompany(companies: UserCompany[], id: number | undefined): UserCompany {
  const company = id === undefined ? companies[0] : companies.find((c) => c.id === id);
  if (!company) {
    throw new UsageError(
      id === undefined
        ? 'this account belongs to no company'
        : `company ${id} is not one of this account's (${companies.map((c) => c.id).join(', ') || 'none'})`,
    );
  }
  return company;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const log = consoleLog(options.quiet);
  const { token } = await callApi(options.url, createAccessToken, {
    body: { email: options.email, password: options.password },
  });
  const me = await callApi(options.url, verifyAccessToken, {}, token);
  const company = pickCompany(me.companies, options.companyId);
  const { found: drivers, online } = await companyDrivers(
    options.url,
    token,
    company.id,
    options.drivers,
  );
  const leftAlone = online > 0 ? ` (${online} already online are left alone)` : '';
  if (drivers.length === 0) {
    throw new UsageError(
      `${company.name} (company ${company.id}) has no offline drivers${leftAlone}`,
    );
  }
  if (drivers.length < options.drivers) {
    log.info(
      `${company.name} has only ${drivers.length} offline drivers${leftAlone}, asked for ${options.drivers}: running those`,
    );
  }
  const center =
    company.lat !== null && company.lng !== null
      ? { lat: company.lat, lng: company.lng }
      : FALLBACK_MAP_CENTER;
  const fleet = startFleet({
    baseUrl: options.url,
    drivers,
    area: { center, radiusM: options.radiusM },
    seed: options.seed,
    intervalMs: options.intervalMs,
    newSession: (driverId) =>
      callApi(options.url, createSimulatorSession, { body: { driver_id: driverId } }, token),
    log,
    acceptProbability: options.acceptProbability,
    cancelProbability: options.cancelProbability,
    timeScale: options.timeScale,
  });
  log.info(
    `${drivers.length} drivers of ${company.name} at work within ${options.radiusM} m of ${center.lat}, ${center.lng}; a position every ${options.intervalMs / 1000} s (seed ${options.seed}); they accept ${Math.round(options.acceptProbability * 100)} % of offers${options.timeScale === 1 ? '' : `, ${options.timeScale}× real time`}. Ctrl+C stops them.`,
  );

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) {
      // A second Ctrl+C: leave now, the server takes silent drivers offline by itself.
      process.exit(1);
    }
    stopping = true;
    log.info(`${why}: taking the drivers offline…`);
    await fleet.stop();
    const total = (key: 'positionsSent' | 'accepted' | 'finished' | 'canceled') =>
      fleet.drivers.reduce((sum, d) => sum + d.snapshot()[key], 0);
    await callApi(options.url, deleteAccessToken, {}, token).catch(() => undefined);
    log.info(
      `stopped: ${total('positionsSent')} positions sent; ${total('accepted')} offers accepted, ${total('finished')} orders finished, ${total('canceled')} canceled`,
    );
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('Ctrl+C'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (options.durationS !== undefined) {
    setTimeout(() => void stop(`${options.durationS} s passed`), options.durationS * 1000);
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else console.error(`simulate: ${(error as Error).message}`);
  process.exit(1);
});
