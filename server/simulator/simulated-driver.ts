import { deleteAccessToken } from '@common/auth/auth.api';
import type { AccessToken } from '@common/auth/auth.schema';
import { setDriverStatus } from '@common/drivers/drivers.api';
import type { DriverState, PositionAck } from '@common/drivers/drivers.schema';
import {
  type ClientToServerEvents,
  RECONNECT,
  type ServerToClientEvents,
} from '@common/realtime/events';
import { io, type Socket } from 'socket.io-client';
import { callApi, HttpError } from './http';
import {
  type Area,
  advance,
  type Behaviour,
  CITY_BEHAVIOUR,
  forcedOffline,
  type Random,
  type SimDriver,
  type SimStatus,
  startDriver,
} from './movement';

/** A driver as the simulators show him in their logs. */
export interface DriverIdentity {
  id: number;
  name: string;
  indicativ: string | null;
}

/** Where a simulator reports: the CLI prints, the server's demo fleet logs (pino). */
export interface FleetLog {
  info(message: string): void;
  warn(message: string): void;
  /** Every driver's status changes: the CLI shows them, the server logs them at debug. */
  debug(message: string): void;
}

export interface SimulatedDriverOptions {
  baseUrl: string;
  driver: DriverIdentity;
  area: Area;
  random: Random;
  /** SPEC §9: a position every 5 s. */
  intervalMs: number;
  /** Before the first tick, so a fleet's drivers do not all report in the same millisecond. */
  startDelayMs?: number;
  /** A new session of this driver (POST /api/simulator/sessions, or the auth service in-process). */
  newSession: () => Promise<AccessToken>;
  log: FleetLog;
  behaviour?: Behaviour;
}

type DriverSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A session is renewed this long before it ends (SIMULATOR_SESSION_HOURS). */
const RENEW_BEFORE_MS = 10 * 60_000;

const expiresMs = (session: AccessToken) =>
  new Date(`${session.expires_at.replace(' ', 'T')}Z`).getTime();

const statusOf = (state: Pick<DriverState, 'is_online' | 'is_paused'>): SimStatus =>
  state.is_online ? (state.is_paused ? 'paused' : 'online') : 'offline';

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/**
 * One simulated driver speaking the driver contract (docs/DRIVER-API.md) exactly as a driver's
 * app does: his own session token, `PATCH /api/drivers/me/status` for online / paused /
 * offline, a Socket.IO connection with the token in `auth`, and `currentPosition` every
 * interval while he is at work (paused drivers report too: their app is open). The server's
 * word wins: a driver it takes offline (a ban) rests, and a refused online (409) keeps him off.
 */
export function createSimulatedDriver(options: SimulatedDriverOptions) {
  const { driver, area, random, log } = options;
  const behaviour = options.behaviour ?? CITY_BEHAVIOUR;
  const label = driver.indicativ ? `${driver.indicativ} (${driver.name})` : driver.name;
  let model: SimDriver = startDriver(area, random);
  let session: AccessToken | null = null;
  let socket: DriverSocket | null = null;
  /** What the server last said the driver's status is; null before it said anything. */
  let serverStatus: SimStatus | null = null;
  let lastSeq = -1;
  let stopped = false;
  let tickRunning: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let positionsSent = 0;
  const warned = new Set<string>();

  /** A failure that repeats every tick (the server away) is told once, until it recovers. */
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log.warn(`${label}: ${message}`);
  };

  function connect(token: string): DriverSocket {
    const created: DriverSocket = io(options.baseUrl, {
      auth: { token },
      transports: ['websocket'],
      reconnectionAttempts: RECONNECT.attempts,
      reconnectionDelay: RECONNECT.delayMs,
      reconnectionDelayMax: RECONNECT.delayMs,
    });
    created.on('connect', () => warned.delete('socket'));
    created.on('connect_error', (error) => {
      // A refused handshake is not retried by the client: the next tick renews the session.
      if (error.message === 'unauthorized') session = null;
      warnOnce('socket', `socket: ${error.message}`);
    });
    created.on('driver_state_updated', (state) => {
      // After stop, his own going offline is no news.
      if (stopped || state.driver_id !== driver.id || state.seq <= lastSeq) return;
      lastSeq = state.seq;
      serverStatus = statusOf(state);
      if (serverStatus === 'offline' && model.status !== 'offline') {
        // The server took him offline (a ban, or his app silent too long).
        model = forcedOffline(model, random, behaviour);
        log.debug(
          `${label} taken offline by the server${state.ban_reason ? ` (${state.ban_reason})` : ''}`,
        );
      }
    });
    return created;
  }

  /** The driver's session, renewed shortly before it ends (or once the server refused it). */
  async function token(): Promise<string> {
    if (session && expiresMs(session) - Date.now() > RENEW_BEFORE_MS) return session.token;
    const previous = session;
    session = await options.newSession();
    if (!socket) socket = connect(session.token);
    else {
      socket.auth = { token: session.token };
      socket.disconnect().connect();
    }
    if (previous) void logout(previous.token);
    return session.token;
  }

  async function logout(old: string) {
    await callApi(options.baseUrl, deleteAccessToken, {}, old).catch(() => undefined);
  }

  async function pushStatus(bearer: string) {
    const wanted = model.status;
    try {
      const state = await callApi(
        options.baseUrl,
        setDriverStatus,
        { body: { status: wanted } },
        bearer,
      );
      if (state.seq > lastSeq) lastSeq = state.seq;
      serverStatus = statusOf(state);
      warned.delete('status');
      log.debug(
        wanted === 'online'
          ? `${label} online`
          : `${label} ${wanted} for ${minutes(model.restS)} min`,
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        // SPEC §3 ban: a banned driver cannot go online; he tries again after a spell.
        model = forcedOffline(model, random, behaviour);
        serverStatus = 'offline';
        log.debug(`${label} refused online (${error.message}); tries again later`);
        return;
      }
      if (error instanceof HttpError && error.status === 401) session = null;
      throw error;
    }
  }

  function sendPosition() {
    const current = socket;
    if (!current?.connected) return;
    const payload = { long: model.position.lng, lat: model.position.lat };
    current
      .timeout(options.intervalMs)
      .emitWithAck('currentPosition', payload)
      .then((answer: PositionAck) => {
        if (answer.ok) {
          positionsSent++;
          warned.delete('position');
        } else warnOnce('position', `position refused: ${JSON.stringify(answer.errors)}`);
      })
      .catch(() => warnOnce('position', 'no answer to a position'));
  }

  async function tick(first: boolean) {
    if (!first) model = advance(model, options.intervalMs / 1000, area, random, behaviour);
    try {
      const bearer = await token();
      if (model.status !== serverStatus) await pushStatus(bearer);
      if (model.status !== 'offline') sendPosition();
    } catch (error) {
      // The server away or restarting: the next tick tries again.
      warnOnce('status', (error as Error).message);
    }
  }

  const runTick = (first: boolean) => {
    if (stopped || tickRunning) return;
    tickRunning = tick(first).finally(() => {
      tickRunning = null;
    });
  };

  return {
    driver,
    /** Goes online and reports every interval until stopped. */
    start() {
      timer = setTimeout(() => {
        runTick(true);
        timer = setInterval(() => runTick(false), options.intervalMs);
      }, options.startDelayMs ?? 0);
    },
    /** Offline, its session revoked, its socket closed (a clean shutdown, issue #17). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await tickRunning;
      const current = session;
      if (current) {
        if (serverStatus !== 'offline') {
          await callApi(
            options.baseUrl,
            setDriverStatus,
            { body: { status: 'offline' } },
            current.token,
          )
            .then(() => log.debug(`${label} offline`))
            .catch((error: Error) => log.warn(`${label}: could not go offline: ${error.message}`));
        }
        await logout(current.token);
      }
      socket?.disconnect();
      socket = null;
    },
    /** For tests and the CLI's summary. */
    snapshot: () => ({ model, serverStatus, positionsSent, connected: socket?.connected ?? false }),
  };
}

export type SimulatedDriver = ReturnType<typeof createSimulatedDriver>;
