import {
  CANDIDATE_STATES,
  CANDIDATES_LIMIT,
  type CandidateDriver,
  type CandidateDrivers,
  type CandidateState,
} from '@common/drivers/candidates.schema';
import { haversineMeters } from '@common/lib/geo';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/app-error';
import { type AuthContext, scopeOf } from '../../../http/auth-context';
import { findOrder } from '../../orders/orders.repo';
import type { Fleet } from '../fleet';
import { isOnOffer } from '../live/driver-index';
import { companyDrivers, type StoredCandidate } from './candidates.repo';

type Facts = Omit<StoredCandidate, 'id' | 'name' | 'indicativ'> & { onOffer: boolean };

/** Who can be sent now comes first; a ban outweighs everything, as he gets no order at all. */
function stateOf(driver: Facts, nowUtc: string): CandidateState {
  if (driver.ban_until !== null && driver.ban_until > nowUtc) return 'banned';
  if (!driver.is_online) return 'offline';
  if (driver.is_busy) return 'busy';
  if (driver.is_paused) return 'paused';
  return driver.onOffer ? 'on_offer' : 'free';
}

const RANK = new Map(CANDIDATE_STATES.map((state, rank) => [state, rank]));

const byCallSign = (a: CandidateDriver, b: CandidateDriver) =>
  (a.indicativ ?? '').localeCompare(b.indicativ ?? '', 'ro', { numeric: true }) || a.id - b.id;

/** Free drivers first, then on an offer … offline; in each state the nearest first. */
const best = (a: CandidateDriver, b: CandidateDriver) =>
  (RANK.get(a.state) ?? 0) - (RANK.get(b.state) ?? 0) ||
  (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY) ||
  byCallSign(a, b);

/**
 * The drivers a dispatcher may assign an order to by hand: the order's company's drivers, each
 * with his state and distance to the pickup as this node's live index has them (the stored
 * state for one it does not know yet).
 */
export function createCandidatesService(deps: { db: Db; fleet: Fleet }) {
  return {
    async forOrder(auth: AuthContext, orderId: number, search?: string): Promise<CandidateDrivers> {
      const scope = scopeOf(auth);
      const order = await findOrder(deps.db, scope, orderId);
      if (!order) throw notFound('order');
      const pickup = order.places[0];
      const stored = await companyDrivers(deps.db, scope, order.processed_by_company_id, search);
      const nowMs = Date.now();
      const nowUtc = deps.fleet.nowUtc();
      const candidates = stored.map((row): CandidateDriver => {
        const live = deps.fleet.index.get(row.id);
        const facts: Facts = live
          ? { ...live, onOffer: isOnOffer(live, nowMs) }
          : { ...row, onOffer: false };
        const state = stateOf(facts, nowUtc);
        const located = facts.is_online && facts.long !== null && facts.lat !== null;
        const distance_km =
          located && pickup && facts.lat !== null && facts.long !== null
            ? Math.round(haversineMeters(pickup.lat, pickup.long, facts.lat, facts.long) / 10) / 100
            : null;
        return {
          id: row.id,
          name: row.name,
          indicativ: row.indicativ ?? live?.indicativ ?? null,
          state,
          distance_km,
        };
      });
      return { data: candidates.sort(best).slice(0, CANDIDATES_LIMIT), total: candidates.length };
    },
  };
}

export type CandidatesService = ReturnType<typeof createCandidatesService>;
