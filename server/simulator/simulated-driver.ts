import { deleteAccessToken } from '@common/auth/auth.api';
import type { AccessToken } from '@common/auth/auth.schema';
import {
  getMyOffers,
  getMyOrders,
  tripArrived,
  tripCancel,
  tripFinish,
  tripStart,
} from '@common/dispatch/dispatch.api';
import type { DriverOffer, DriverOrder } from '@common/dispatch/dispatch.schema';
import { setDriverStatus } from '@common/drivers/drivers.api';
import type { DriverState, PositionAck } from '@common/drivers/drivers.schema';
import { fromUtcString } from '@common/lib/dates';
import type { MessageReceivedPayload } from '@common/realtime/events';
import type { Random } from '../db/seeded-random';
import { type DriverApi, type DriverLink, httpApi, socketLink } from './driver-link';
import { HttpError } from './http';
import {
  type Area,
  advance,
  type Behaviour,
  CITY_BEHAVIOUR,
  CITY_SPEED_KMH,
  DEFAULT_ACCEPT_PROBABILITY,
  DEFAULT_CANCEL_PROBABILITY,
  driveToward,
  forcedOffline,
  type LatLng,
  legTo,
  metresBetween,
  newLeg,
  randomPointAround,
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
  /** His movement (legs, speeds, rests, trip ends). */
  random: Random;
  /**
   * His answers (delays, accept or refuse, cancel): a stream of its own, so that the offers he
   * happens to get do not change how he moves, and the same seed answers the same way.
   */
  choices?: Random;
  /** Between two positions (5 s by default). */
  intervalMs: number;
  /** Before the first tick, so a fleet's drivers do not all report in the same millisecond. */
  startDelayMs?: number;
  /** A new session of this driver (POST /api/simulator/sessions, or the auth service in-process). */
  newSession: () => Promise<AccessToken>;
  log: FleetLog;
  behaviour?: Behaviour;
  /** The chance he accepts an offer (0–1; DEMO_FLEET_ACCEPT_PROBABILITY). */
  acceptProbability?: number;
  /** The chance he cancels an order at the pickup, 'Clientul nu răspunde' (0–1). */
  cancelProbability?: number;
  /**
   * Simulated seconds per real second (DEMO_FLEET_TIME_SCALE): driving and the wait at the
   * pickup go this many times faster; positions still go every interval, and his answers keep
   * their human delay (the steps' search times are real).
   */
  timeScale?: number;
  /** His socket (Socket.IO in life, a fake in the unit test). */
  link?: (token: string) => DriverLink;
  /** The server's HTTP API (callApi in life, a fake in the unit test). */
  api?: DriverApi;
}

/** A session is renewed this long before it ends (SIMULATOR_SESSION_HOURS). */
const RENEW_BEFORE_MS = 10 * 60_000;
/** A human looks at an offer for a moment before answering. */
const ANSWER_DELAY_MS = [1_000, 3_000] as const;
/** How long after a message arrives he reads it (a fixed time: no draw of his answers moves). */
const READ_DELAY_MS = 4_000;
/** Close enough to the pickup or the destination to say so (GPS and parking). */
export const ARRIVED_WITHIN_M = 50;
/** Simulated seconds at the pickup before the client is in the car. */
const PICKUP_WAIT_S = [3, 10] as const;
/** A one-place order goes somewhere this far (metres): the client tells the driver on board. */
const ONE_PLACE_TRIP_M = [2_000, 6_000] as const;
/** An accepted offer never confirmed (a lost message) is given up this long after it closed. */
const CONFIRM_GRACE_MS = 30_000;
const TIMER_SLACK_MS = 5;
/** The reason of a simulated driver's cancellation (driver_canceled `driverId~reason`). */
export const DRIVER_CANCEL_REASON = 'Clientul nu răspunde';
/** His estimate to the pickup: the city's middle speed, straight line (AcceptOrderBody.time). */
const ETA_KMH = (CITY_SPEED_KMH.min + CITY_SPEED_KMH.max) / 2;

const expiresMs = (session: AccessToken) => fromUtcString(session.expires_at).getTime();

const statusOf = (state: Pick<DriverState, 'is_online' | 'is_paused'>): SimStatus =>
  state.is_online ? (state.is_paused ? 'paused' : 'online') : 'offline';

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** No rest while an accepted offer waits for its confirmation: he is at work. */
const NO_REST: Behaviour = { ...CITY_BEHAVIOUR, pauseChance: 0, offlineChance: 0 };

/**
 * A trip: to the pickup (waiting_driver), there (waiting_client) until he
 * starts, then to the destination (started) and finished.
 */
export interface Trip {
  orderId: number;
  leg: 'to_pickup' | 'at_pickup' | 'to_destination';
  pickup: LatLng;
  destination: LatLng;
  /** Epoch ms he starts the trip (or cancels) once at the pickup. */
  startAtMs: number;
  /** Drawn when the trip began: he cancels at the pickup ('Clientul nu răspunde'). */
  cancels: boolean;
}

/**
 * One simulated driver speaking the driver contract (docs/DRIVER-API.md) exactly as a driver's
 * app does: his own session token, `PATCH /api/drivers/me/status` for online / paused /
 * offline, a Socket.IO connection with the token in `auth`, and `currentPosition` every
 * interval while he is at work (paused drivers report too: their app is open). The server's
 * word wins: a driver it takes offline (a ban) rests, and a refused online (409) keeps him off.
 *
 * He answers the offers on his socket (order_viewed after a human delay, then
 * accept_order with his minutes to the pickup or refuse_order), and drives a confirmed order
 * through its trip steps (arrived, start, finish; now and then a cancel at the pickup), with
 * the order in his positions; an order canceled under him ends his trip. His orders and offers
 * are read again on every (re)connection, so a restart of either side resumes the trip.
 */
export function createSimulatedDriver(options: SimulatedDriverOptions) {
  const { driver, area, random, log } = options;
  const choices = options.choices ?? random;
  const behaviour = options.behaviour ?? CITY_BEHAVIOUR;
  const acceptProbability = options.acceptProbability ?? DEFAULT_ACCEPT_PROBABILITY;
  const cancelProbability = options.cancelProbability ?? DEFAULT_CANCEL_PROBABILITY;
  const timeScale = options.timeScale ?? 1;
  const api = options.api ?? httpApi(options.baseUrl);
  const openLink = options.link ?? ((token: string) => socketLink(options.baseUrl, token));
  const label = driver.indicativ ? `${driver.indicativ} (${driver.name})` : driver.name;
  let model: SimDriver = startDriver(area, random);
  let session: AccessToken | null = null;
  let link: DriverLink | null = null;
  /** What the server last said the driver's status is; null before it said anything. */
  let serverStatus: SimStatus | null = null;
  let lastSeq = -1;
  let stopped = false;
  let tickRunning: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let positionsSent = 0;
  const warned = new Set<string>();
  /** Offers he is looking at: the answer's timer. */
  const answering = new Map<number, NodeJS.Timeout>();
  /** Offers he accepted, until confirmed or gone: when he gives up waiting (epoch ms). */
  const awaiting = new Map<number, number>();
  let trip: Trip | null = null;
  let tripActing: Promise<void> | null = null;
  let startTimer: NodeJS.Timeout | null = null;
  const done = { finished: 0, canceled: 0, accepted: 0, refused: 0 };

  /** A failure that repeats every tick (the server away) is told once, until it recovers. */
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log.warn(`${label}: ${message}`);
  };

  const between = ([low, high]: readonly [number, number]) => low + (high - low) * choices();

  function connect(token: string): DriverLink {
    const created = openLink(token);
    created.onConnect(() => {
      warned.delete('socket');
      void resync();
    });
    created.onConnectError((message) => {
      // A refused handshake is not retried by the client: the next tick renews the session.
      if (message === 'unauthorized') session = null;
      warnOnce('socket', `socket: ${message}`);
    });
    created.on('driver_state_updated', (state) => {
      // After stop, his own going offline is no news.
      if (stopped || state.driver_id !== driver.id || state.seq <= lastSeq) return;
      lastSeq = state.seq;
      serverStatus = statusOf(state);
      if (serverStatus === 'offline' && model.status !== 'offline' && !trip) {
        // The server took him offline (a ban, or his app silent too long).
        model = forcedOffline(model, random, behaviour);
        log.debug(
          `${label} taken offline by the server${state.ban_reason ? ` (${state.ban_reason})` : ''}`,
        );
      }
    });
    created.on('order_available', (offer) => consider(offer));
    created.on('remove_live_order', ({ orderId }) => forget(orderId));
    created.on('order_accept_confirmed', ({ orderId, order }) => {
      awaiting.delete(orderId);
      if (stopped || trip) return;
      begin(order, 'confirmed');
    });
    created.on('message received', (message) => read(created, message));
    created.on('order_canceled', ({ order }) => {
      forget(order.id);
      if (trip?.orderId !== order.id) return;
      log.debug(`${label}: order #${order.id} canceled, back to roaming`);
      endTrip();
    });
    return created;
  }

  /**
   * A message from his dispatcher: his phone says it arrived, and he reads it a few seconds
   * later (the console's ticks turn). He never answers: /simulator is where a person does.
   */
  function read(on: DriverLink, message: MessageReceivedPayload) {
    if (stopped || message.sender_id === driver.id) return;
    const from = { interlocutor_id: message.sender_id, company_id: message.company_id };
    on.acknowledge('messageDelivered', from);
    setTimeout(() => {
      if (!stopped) on.acknowledge('messageRead', from);
    }, READ_DELAY_MS);
  }

  /** The driver's session, renewed shortly before it ends (or once the server refused it). */
  async function token(): Promise<string> {
    if (session && expiresMs(session) - Date.now() > RENEW_BEFORE_MS) return session.token;
    const previous = session;
    session = await options.newSession();
    if (!link) link = connect(session.token);
    else link.reconnect(session.token);
    if (previous) void logout(previous.token);
    return session.token;
  }

  async function logout(old: string) {
    await api(deleteAccessToken, {}, old).catch(() => undefined);
  }

  // ── Offers ────────────────────────────────────────────────────────────────────────────────

  /** An offer on his screen: he looks at it for a moment, then answers. */
  function consider(offer: DriverOffer) {
    const id = offer.orderId;
    // A pending-queue order is the dispatchers' to hand out: the simulated drivers leave it.
    if (stopped || offer.kind !== 'offer' || answering.has(id) || awaiting.has(id)) return;
    if (trip?.orderId === id) return;
    // Both drawn now, in the order offers arrive: the same offers, the same answers.
    const delayMs = between(ANSWER_DELAY_MS);
    const accepts = choices() < acceptProbability;
    answering.set(
      id,
      setTimeout(() => {
        answering.delete(id);
        void answer(offer, accepts);
      }, delayMs),
    );
  }

  function forget(orderId: number) {
    clearTimeout(answering.get(orderId));
    answering.delete(orderId);
    awaiting.delete(orderId);
  }

  /** Minutes to the pickup at a city speed, straight line (at least 1, at most the contract's). */
  const minutesTo = (pickup: LatLng) =>
    Math.min(
      180,
      Math.max(1, Math.ceil(metresBetween(area, model.position, pickup) / (ETA_KMH / 3.6) / 60)),
    );

  async function answer(offer: DriverOffer, accepts: boolean) {
    const current = link;
    if (stopped || !current?.connected) return;
    const orderId = offer.orderId;
    const ackMs = options.intervalMs;
    await current.answer('order_viewed', { orderId }, ackMs).catch(() => undefined);
    const pickup = offer.places[0];
    // One order at a time: busy, or waiting for another confirmation, he says no.
    const free = !trip && awaiting.size === 0 && model.status === 'online';
    try {
      if (accepts && free && pickup) {
        const time = minutesTo({ lat: pickup.lat, lng: pickup.long });
        // Registered before the answer: the confirmation may come before the acknowledgement.
        awaiting.set(orderId, offer.expires_ms + CONFIRM_GRACE_MS);
        const ack = await current.answer('accept_order', { orderId, time }, ackMs);
        if (ack.ok) {
          done.accepted++;
          log.debug(`${label} accepts order #${orderId} (${time} min)`);
        } else {
          awaiting.delete(orderId);
          log.debug(`${label}: accepting order #${orderId}: ${ack.message}`);
        }
        return;
      }
      const ack = await current.answer('refuse_order', { orderId }, ackMs);
      if (ack.ok) {
        done.refused++;
        log.debug(`${label} refuses order #${orderId}`);
      }
    } catch {
      // No acknowledgement (the socket dropped): the offer runs out by itself.
      warnOnce('answer', `no answer to his answer on order #${orderId}`);
    }
  }

  // ── Trips ────────────────────────────────────────────────────────────────────────────────

  /** His order, from its confirmation or read again after a (re)connection. */
  function begin(order: DriverOrder, why: 'confirmed' | 'resumed') {
    const first = order.places[0];
    if (!first) return;
    const pickup = { lat: first.lat, lng: first.long };
    const last = order.places.length > 1 ? order.places.at(-1) : undefined;
    const destination = last
      ? { lat: last.lat, lng: last.long }
      : randomPointAround(area, pickup, ONE_PLACE_TRIP_M, random);
    const leg: Trip['leg'] =
      order.trip_state === 'started'
        ? 'to_destination'
        : order.trip_state === 'waiting_client'
          ? 'at_pickup'
          : 'to_pickup';
    trip = {
      orderId: order.id,
      leg,
      pickup,
      destination,
      startAtMs: Date.now() + pickupWaitMs(),
      cancels: choices() < cancelProbability,
    };
    model = legTo(model, leg === 'to_destination' ? destination : pickup, random);
    if (leg === 'at_pickup') model = { ...model, position: pickup, target: pickup };
    log.debug(
      `${label}: order #${order.id} ${why}, ${leg === 'to_destination' ? 'driving the client' : leg === 'at_pickup' ? 'at the pickup' : 'to the pickup'}`,
    );
    if (leg === 'at_pickup') scheduleStart(trip);
  }

  const pickupWaitMs = () => (between(PICKUP_WAIT_S) * 1000) / timeScale;

  function scheduleStart(current: Trip) {
    if (startTimer) clearTimeout(startTimer);
    startTimer = setTimeout(
      () => {
        startTimer = null;
        if (trip === current) void actOnTrip();
      },
      // A timer may fire a millisecond before the clock says it is due: a little after, then.
      Math.max(0, current.startAtMs - Date.now()) + TIMER_SLACK_MS,
    );
  }

  /** The trip is over (finished, canceled, or not his any more): he roams again. */
  function endTrip() {
    trip = null;
    if (startTimer) clearTimeout(startTimer);
    startTimer = null;
    model = newLeg(model, area, random);
  }

  /** The next trip step when it is due; one at a time (a tick and the pickup timer may meet). */
  function actOnTrip(): Promise<void> {
    if (tripActing) return tripActing;
    tripActing = tripStep().finally(() => {
      tripActing = null;
    });
    return tripActing;
  }

  async function tripStep() {
    const current = trip;
    const bearer = session?.token;
    if (!current || !bearer || stopped) return;
    const params = { params: { id: current.orderId } };
    const near = (point: LatLng) => metresBetween(area, model.position, point) <= ARRIVED_WITHIN_M;
    try {
      if (current.leg === 'to_pickup' && near(current.pickup)) {
        await api(tripArrived, params, bearer);
        if (trip !== current) return;
        current.leg = 'at_pickup';
        current.startAtMs = Date.now() + pickupWaitMs();
        log.debug(`${label}: arrived at the pickup of order #${current.orderId}`);
        scheduleStart(current);
      } else if (current.leg === 'at_pickup' && Date.now() >= current.startAtMs) {
        if (current.cancels) {
          await api(tripCancel, { ...params, body: { reason: DRIVER_CANCEL_REASON } }, bearer);
          if (trip !== current) return;
          done.canceled++;
          log.debug(`${label} cancels order #${current.orderId}: ${DRIVER_CANCEL_REASON}`);
          endTrip();
          return;
        }
        await api(tripStart, params, bearer);
        if (trip !== current) return;
        current.leg = 'to_destination';
        model = legTo(model, current.destination, random);
        log.debug(`${label}: order #${current.orderId} started`);
      } else if (current.leg === 'to_destination' && near(current.destination)) {
        await api(tripFinish, params, bearer);
        if (trip !== current) return;
        done.finished++;
        log.debug(`${label}: order #${current.orderId} finished`);
        endTrip();
      }
      warned.delete('trip');
    } catch (error) {
      if (error instanceof HttpError && (error.status === 404 || error.status === 409)) {
        // Not his any more (canceled, reassigned) or not in that step: the server's word wins.
        log.debug(`${label}: order #${current.orderId}: ${error.message}; back to roaming`);
        if (trip === current) endTrip();
        return;
      }
      // The server away: the next tick tries again.
      warnOnce('trip', (error as Error).message);
    }
  }

  /**
   * After every (re)connection, as a driver's app does: his active order (resumed, or given up
   * when the server no longer lists it) and the offers still open for him.
   */
  async function resync() {
    const bearer = session?.token;
    if (!bearer || stopped) return;
    try {
      const orders = await api(getMyOrders, {}, bearer);
      const mine = orders.find((o) => o.state === 'assigned');
      if (trip && !orders.some((o) => o.id === trip?.orderId && o.state === 'assigned')) {
        log.debug(`${label}: order #${trip.orderId} is no longer his; back to roaming`);
        endTrip();
      }
      if (!trip && mine) begin(mine, 'resumed');
      for (const offer of await api(getMyOffers, {}, bearer)) consider(offer);
    } catch (error) {
      warnOnce('resync', `reading his orders and offers: ${(error as Error).message}`);
    }
  }

  // ── The tick: move, status, position ──────────────────────────────────────────────────────

  async function pushStatus(bearer: string) {
    const wanted = model.status;
    try {
      const state = await api(setDriverStatus, { body: { status: wanted } }, bearer);
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
        // A banned driver cannot go online; he tries again after a spell.
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
    const current = link;
    if (!current?.connected) return;
    const payload = {
      long: model.position.lng,
      lat: model.position.lat,
      // docs/DRIVER-API.md §4: the order he is driving goes into the position history.
      orderId: trip?.orderId ?? null,
    };
    current
      .position(payload, options.intervalMs)
      .then((answer: PositionAck) => {
        if (answer.ok) {
          positionsSent++;
          warned.delete('position');
        } else warnOnce('position', `position refused: ${JSON.stringify(answer.errors)}`);
      })
      .catch(() => warnOnce('position', 'no answer to a position'));
  }

  function move(dtS: number) {
    const now = Date.now();
    for (const [orderId, until] of awaiting) if (now > until) awaiting.delete(orderId);
    if (trip) {
      // On an order he drives his leg and stops at its end (the pickup wait is the trip's).
      if (trip.leg !== 'at_pickup') model = driveToward(model, dtS, area);
      return;
    }
    model = advance(model, dtS, area, random, awaiting.size > 0 ? NO_REST : behaviour);
  }

  async function tick(first: boolean) {
    if (!first) move((options.intervalMs / 1000) * timeScale);
    try {
      const bearer = await token();
      if (model.status !== serverStatus) await pushStatus(bearer);
      if (model.status !== 'offline') sendPosition();
      if (trip) await actOnTrip();
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
    /** Offline, its session revoked, its socket closed (a clean shutdown). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (startTimer) clearTimeout(startTimer);
      for (const pending of answering.values()) clearTimeout(pending);
      answering.clear();
      await tickRunning;
      await tripActing;
      const current = session;
      if (current) {
        if (serverStatus !== 'offline') {
          await api(setDriverStatus, { body: { status: 'offline' } }, current.token)
            .then(() => log.debug(`${label} offline`))
            .catch((error: Error) => log.warn(`${label}: could not go offline: ${error.message}`));
        }
        await logout(current.token);
      }
      link?.close();
      link = null;
    },
    /** For tests and the CLI's summary. */
    snapshot: () => ({
      model,
      serverStatus,
      positionsSent,
      connected: link?.connected ?? false,
      trip: trip ? { ...trip } : null,
      awaiting: [...awaiting.keys()],
      ...done,
    }),
  };
}

export type SimulatedDriver = ReturnType<typeof createSimulatedDriver>;
