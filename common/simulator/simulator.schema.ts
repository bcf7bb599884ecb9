import { z } from 'zod';
import { id } from '../http/fields';

/** POST /api/simulator/sessions: whom the simulator acts as (a driver of the caller's company). */
export const SimulatorSessionBodySchema = z.strictObject({ driver_id: id() });
export type SimulatorSessionBody = z.infer<typeof SimulatorSessionBodySchema>;

/**
 * A short-lived session of that driver: the same opaque bearer token a driver's app gets at
 * login, so the simulator goes through the driver's real paths (REST and socket).
 */
export const SimulatorSessionSchema = z.object({ token: z.string(), expires_at: z.string() });
export type SimulatorSession = z.infer<typeof SimulatorSessionSchema>;

/** The simulator sends its position every 5 s. */
export const SIMULATOR_POSITION_INTERVAL_MS = 5_000;

/** The time a simulated driver proposes when accepting an offer, in minutes. */
export const SIMULATOR_DEFAULT_OFFER_TIME = 3;
