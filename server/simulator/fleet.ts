import type { AccessToken } from '@common/auth/auth.schema';
import { type Area, type Behaviour, driverChoices, driverRandom } from './movement';
import {
  createSimulatedDriver,
  type DriverIdentity,
  type FleetLog,
  type SimulatedDriver,
} from './simulated-driver';

export interface FleetOptions {
  /** The server the drivers talk to, as a driver's app would (its public URL, or its own). */
  baseUrl: string;
  drivers: readonly DriverIdentity[];
  area: Area;
  /** The same seed moves the same drivers the same way (`--seed`). */
  seed: number;
  intervalMs: number;
  newSession: (driverId: number) => Promise<AccessToken>;
  log: FleetLog;
  behaviour?: Behaviour;
  /** How they answer offers (0–1 each; the defaults 0.8 and 0.02). */
  acceptProbability?: number;
  cancelProbability?: number;
  /** Simulated seconds per real second of their driving (1: real time). */
  timeScale?: number;
}

export interface Fleet {
  drivers: readonly SimulatedDriver[];
  /** Every driver offline and logged out (SIGINT, server shutdown). */
  stop(): Promise<void>;
}

/**
 * Headless fleet, shared by `npm run simulate` and the demo fleet of `npm start`:
 * each driver on his own seeded course, their first reports spread over one interval.
 * They answer their offers and drive their orders to the end, so the demo dispatches by
 * itself.
 */
export function startFleet(options: FleetOptions): Fleet {
  const count = options.drivers.length;
  const drivers = options.drivers.map((driver, index) =>
    createSimulatedDriver({
      baseUrl: options.baseUrl,
      driver,
      area: options.area,
      random: driverRandom(options.seed, index),
      choices: driverChoices(options.seed, index),
      intervalMs: options.intervalMs,
      startDelayMs: Math.round((index * options.intervalMs) / Math.max(1, count)),
      newSession: () => options.newSession(driver.id),
      log: options.log,
      behaviour: options.behaviour,
      acceptProbability: options.acceptProbability,
      cancelProbability: options.cancelProbability,
      timeScale: options.timeScale,
    }),
  );
  for (const driver of drivers) driver.start();
  return {
    drivers,
    async stop() {
      await Promise.allSettled(drivers.map((driver) => driver.stop()));
    },
  };
}
