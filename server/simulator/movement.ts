import { EARTH_RADIUS_M } from '@common/lib/geo';
import { type Random, seededRandom } from '../db/seeded-random';

/**
 * How a simulated driver moves and rests: pure functions of the state,
 * the time step and a seeded random source, so a fleet replays the same way for one `--seed`.
 *
 * A driver drives in a straight line at a city speed (20–50 km/h, drawn per leg) to a random
 * point of his company's area (a disc around the company's coordinates), then either sets off
 * to the next point, pauses for a few minutes, or now and then goes offline for a while.
 * Straight lines between points of a disc stay in the disc, so a driver never leaves the area.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where a company's drivers move: a disc around the company (its coordinates). */
export interface Area {
  center: LatLng;
  radiusM: number;
}

/** About a city's size around a dispatch company (within ~4 km). */
export const DEFAULT_AREA_RADIUS_M = 4_000;

/** City speeds. */
export const CITY_SPEED_KMH = { min: 20, max: 50 } as const;

/**
 * How a simulated driver answers offers (DEMO_FLEET_ACCEPT_PROBABILITY and
 * DEMO_FLEET_CANCEL_PROBABILITY, `npm run simulate -- --accept --cancel`): most accept, and now
 * and then one cancels at the pickup because the client does not come.
 */
export const DEFAULT_ACCEPT_PROBABILITY = 0.8;
export const DEFAULT_CANCEL_PROBABILITY = 0.02;

/** How often a driver rests at the end of a leg, and for how long (seconds). */
export interface Behaviour {
  pauseChance: number;
  pauseS: readonly [number, number];
  offlineChance: number;
  offlineS: readonly [number, number];
}

/**
 * A leg is 1–8 km, 2–25 minutes: a pause every 5–6 legs of a few minutes, offline about once
 * every 2–3 hours of driving (3 % of legs) for 5–15 minutes.
 */
export const CITY_BEHAVIOUR: Behaviour = {
  pauseChance: 0.18,
  pauseS: [120, 360],
  offlineChance: 0.03,
  offlineS: [300, 900],
};

/** The driver contract's statuses (PATCH /api/drivers/me/status). */
export type SimStatus = 'online' | 'paused' | 'offline';

export interface SimDriver {
  position: LatLng;
  /** Where the current leg ends (the position itself while resting). */
  target: LatLng;
  speedKmh: number;
  status: SimStatus;
  /** Seconds left of a pause or an offline spell; 0 while driving. */
  restS: number;
}

/** Driver `index` of a fleet seeded with `seed`: his own stream, whatever the fleet's size. */
export const driverRandom = (seed: number, index: number): Random =>
  seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);

/** Driver `index`'s answers: a stream apart from his movement's, as seeded. */
export const driverChoices = (seed: number, index: number): Random =>
  seededRandom((Math.imul(seed, 0x2c1b3c6d) ^ Math.imul(index + 1, 0x297a2d39) ^ 0x5bd1e995) >>> 0);

const between = (random: Random, [low, high]: readonly [number, number]) =>
  low + (high - low) * random();

const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/**
 * Metres east and north of the area's centre (an equirectangular projection at the centre:
 * within a few kilometres it is off by well under 1 %, and straight lines stay straight).
 */
function toLocal(area: Area, point: LatLng) {
  const cos = Math.cos((area.center.lat * Math.PI) / 180);
  return {
    x: (point.lng - area.center.lng) * METRES_PER_DEGREE * cos,
    y: (point.lat - area.center.lat) * METRES_PER_DEGREE,
  };
}

function fromLocal(area: Area, x: number, y: number): LatLng {
  const cos = Math.cos((area.center.lat * Math.PI) / 180);
  return {
    lat: area.center.lat + y / METRES_PER_DEGREE,
    lng: area.center.lng + x / (METRES_PER_DEGREE * cos),
  };
}

/** A point spread evenly over the area's disc. */
export function randomPointIn(area: Area, random: Random): LatLng {
  const r = area.radiusM * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  return fromLocal(area, r * Math.cos(angle), r * Math.sin(angle));
}

const randomSpeed = (random: Random) => between(random, [CITY_SPEED_KMH.min, CITY_SPEED_KMH.max]);

/** Metres between two points, as the fleet measures them (the area's local projection). */
export function metresBetween(area: Area, a: LatLng, b: LatLng): number {
  const from = toLocal(area, a);
  const to = toLocal(area, b);
  return Math.hypot(to.x - from.x, to.y - from.y);
}

/**
 * A point `[min, max]` metres from `from` in a random direction (a one-place order's
 * trip ends 2–6 km away). It may lie outside the area: the driver roams back into it after.
 */
export function randomPointAround(
  area: Area,
  from: LatLng,
  [min, max]: readonly [number, number],
  random: Random,
): LatLng {
  const start = toLocal(area, from);
  const r = between(random, [min, max]);
  const angle = 2 * Math.PI * random();
  return fromLocal(area, start.x + r * Math.cos(angle), start.y + r * Math.sin(angle));
}

/** A driver somewhere in the area, online, setting off to another point. */
export function startDriver(area: Area, random: Random): SimDriver {
  const position = randomPointIn(area, random);
  return {
    position,
    target: randomPointIn(area, random),
    speedKmh: randomSpeed(random),
    status: 'online',
    restS: 0,
  };
}

/** Online and setting off to `target` at a city speed drawn for the leg (no rest before it). */
export const legTo = (driver: SimDriver, target: LatLng, random: Random): SimDriver => ({
  ...driver,
  target,
  speedKmh: randomSpeed(random),
  status: 'online',
  restS: 0,
});

/** Back to roaming: a new leg to a random point of the area (after a trip). */
export const newLeg = (driver: SimDriver, area: Area, random: Random): SimDriver =>
  legTo(driver, randomPointIn(area, random), random);

/**
 * `dtS` seconds of driving toward his target at his speed, stopping on it: a trip's legs,
 * where he neither rests nor picks another point when he gets there.
 */
export function driveToward(driver: SimDriver, dtS: number, area: Area): SimDriver {
  const from = toLocal(area, driver.position);
  const to = toLocal(area, driver.target);
  const left = Math.hypot(to.x - from.x, to.y - from.y);
  const step = (driver.speedKmh / 3.6) * dtS;
  if (step >= left) return { ...driver, position: driver.target };
  const share = step / left;
  return {
    ...driver,
    position: fromLocal(area, from.x + (to.x - from.x) * share, from.y + (to.y - from.y) * share),
  };
}

/** The driver after `dtS` seconds: closer to his target, arrived and resting, or back at work. */
export function advance(
  driver: SimDriver,
  dtS: number,
  area: Area,
  random: Random,
  behaviour: Behaviour = CITY_BEHAVIOUR,
): SimDriver {
  if (driver.status !== 'online') {
    const restS = driver.restS - dtS;
    return restS > 0 ? { ...driver, restS } : newLeg(driver, area, random);
  }
  const moved = driveToward(driver, dtS, area);
  if (moved.position !== driver.target) return moved;
  // Arrived: he stops there, then rests or sets off again.
  const arrived = moved;
  const roll = random();
  if (roll < behaviour.offlineChance) {
    return { ...arrived, status: 'offline', restS: between(random, behaviour.offlineS) };
  }
  if (roll < behaviour.offlineChance + behaviour.pauseChance) {
    return { ...arrived, status: 'paused', restS: between(random, behaviour.pauseS) };
  }
  return newLeg(arrived, area, random);
}

/**
 * The server took the driver offline (a ban, docs/DRIVER-API.md): he stays off for an offline
 * spell, then tries again (a banned driver's attempt is refused, and he waits another spell).
 */
export function forcedOffline(
  driver: SimDriver,
  random: Random,
  behaviour: Behaviour = CITY_BEHAVIOUR,
): SimDriver {
  return { ...driver, status: 'offline', restS: between(random, behaviour.offlineS) };
}
