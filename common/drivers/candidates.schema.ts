import { z } from 'zod';
import { text } from '../http/fields';

/**
 * A driver's state as the manual assignment lists him: free (online, can take an order),
 * on an offer of the dispatch engine, paused, busy with an order, banned, or offline.
 */
export const CANDIDATE_STATES = [
  'free',
  'on_offer',
  'paused',
  'busy',
  'banned',
  'offline',
] as const;
export const CandidateStateSchema = z.enum(CANDIDATE_STATES);
export type CandidateState = z.infer<typeof CandidateStateSchema>;

/**
 * A driver of the order's company for the manual assignment: his call sign, name, state and
 * distance in km to the order's pickup (null when his position is unknown or he is offline:
 * a last position from before he went offline says nothing of where he is now).
 */
export const CandidateDriverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  indicativ: z.string().nullable(),
  state: CandidateStateSchema,
  distance_km: z.number().nullable(),
});
export type CandidateDriver = z.infer<typeof CandidateDriverSchema>;

/** The candidates, best first, at most `CANDIDATES_LIMIT`; `total` counts every match. */
export const CandidateDriversSchema = z.object({
  data: z.array(CandidateDriverSchema),
  total: z.number().int(),
});
export type CandidateDrivers = z.infer<typeof CandidateDriversSchema>;

export const CANDIDATES_LIMIT = 100;

/** `search`: part of a call sign or of a name. */
export const CandidateDriversQuerySchema = z.strictObject({ search: text(100).optional() });
