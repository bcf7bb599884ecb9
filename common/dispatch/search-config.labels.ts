import type { IntervalType } from './search-config.schema';
import type { NotificationMethod, SearchOrdering, SearchType } from './search-method.schema';

/**
 * Romanian labels of every search-configuration option (Search configuration), in one
 * place: the builder (/builder) shows them, tests read them. What each value does is written in
 * docs/DISPATCH.md.
 */

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  by_zone: 'În zona comenzii',
  by_near_zone: 'În zonele vecine',
  by_near_stand: 'La cea mai apropiată stație',
  by_near_stand_with_route: 'La cea mai apropiată stație, pe traseu',
  by_near_stand_and_polygon: 'La stația apropiată și în zona ei',
  by_radius: 'Pe rază',
  by_route: 'Pe distanța de parcurs',
  by_near_stand_and_polygon_manually: 'La stația și zona alese manual',
};

export const SEARCH_ORDER_LABELS: Record<SearchOrdering, string> = {
  by_distance: 'După distanță',
  by_route_distance: 'După distanța pe traseu',
  by_idle_from: 'După timpul de așteptare',
  any: 'Oricare',
};

export const NOTIFICATION_METHOD_LABELS: Record<NotificationMethod, string> = {
  all: 'Toți deodată',
  pending: 'În lista de așteptare',
  pending_pinned: 'Fixată în lista de așteptare',
  by_rotation: 'Pe rând, câte unul',
};

export const REFUSAL_ACTION_LABELS: Record<'ban' | 'reset', string> = {
  ban: 'Blocare',
  reset: 'Resetare loc în coadă',
};

export const INTERVAL_TYPE_LABELS: Record<IntervalType, string> = {
  weekdays: 'Zilele săptămânii',
  custom: 'Zi anume',
};

/** 1 = Monday … 7 = Sunday. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Luni',
  2: 'Marți',
  3: 'Miercuri',
  4: 'Joi',
  5: 'Vineri',
  6: 'Sâmbătă',
  7: 'Duminică',
};

/** A weekdays interval with no day chosen applies every day. */
export const EVERY_DAY_LABEL = 'În fiecare zi';

/** The unit of `search_limit` (LIMIT_IN_METRES): metres for distance searches, else drivers. */
export const LIMIT_UNIT_LABELS = { metres: 'metri', drivers: 'șoferi' } as const;
