import type { CandidateState } from '@common/drivers/candidates.schema';
import { BADGE_TONES } from '../../map/badge-images';

/** A candidate's state as the list shows it, in the drivers map's colours where it has one. */
export const CANDIDATE_STATE_LABELS: Record<CandidateState, { label: string; color: string }> = {
  free: { label: 'Liber', color: BADGE_TONES.free },
  on_offer: { label: 'Ofertă', color: BADGE_TONES.offer },
  paused: { label: 'Pauză', color: BADGE_TONES.paused },
  busy: { label: 'Ocupat', color: BADGE_TONES.busy },
  banned: { label: 'Blocat', color: 'dark' },
  offline: { label: 'Deconectat', color: 'gray' },
};

/** States a driver cannot take an order in now: dimmed, at the list's end. */
export const UNAVAILABLE: ReadonlySet<CandidateState> = new Set(['busy', 'banned', 'offline']);

/** '0,4 km', '12,0 km'; '—' when unknown. */
export const distanceText = (km: number | null) =>
  km === null ? '—' : `${km.toFixed(1).replace('.', ',')} km`;
