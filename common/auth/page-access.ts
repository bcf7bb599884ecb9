import type { CompanyType, Role } from './auth.schema';

/** What decides a person's pages: his roles and the kinds of his companies. */
export interface PersonFacts {
  roles: readonly Role[];
  companies: readonly { type: CompanyType }[];
}

const hasAny = (facts: PersonFacts, roles: readonly Role[]) =>
  facts.roles.some((role) => roles.includes(role));

/**
 * A protocol client: a company user whose companies all order rides from a dispatch company.
 * He follows his orders; the fleet, its searches and its figures are the dispatch company's.
 */
const ordersRidesOnly = (f: PersonFacts) =>
  !hasAny(f, ['admin', 'manager', 'dispatcher']) &&
  f.companies.length > 0 &&
  f.companies.every((c) => c.type === 'protocol');

/**
 * What a person may do in the back office, each the same roles as the server's routes it
 * needs (server/fuzz/access-policy.ts), so that no page or button is offered only to answer 403.
 */
export const ABILITIES = {
  /** The order consoles, dashboard and live map (CONSOLE_ROLES). */
  console: (f: PersonFacts) => hasAny(f, ['admin', 'manager', 'dispatcher', 'company']),
  /** The dashboard's figures and the live map: the fleet's, so not a protocol client's. */
  watchesFleet: (f: PersonFacts) =>
    hasAny(f, ['admin', 'manager', 'dispatcher', 'company']) && !ordersRidesOnly(f),
  /**
   * Writing to the company's drivers and clients (the shell's messages badge, 'Mesaj', messages
   * to all): the console of a company with a fleet, so not a protocol client's.
   */
  messagesFleet: (f: PersonFacts) =>
    hasAny(f, ['admin', 'manager', 'dispatcher', 'company']) && !ordersRidesOnly(f),
  /** Reading people and cars: GET /api/users, GET /api/cars. */
  readsPeople: (f: PersonFacts) => hasAny(f, ['admin', 'manager', 'dispatcher']),
  /** Users, cars, devices and the company's settings: their administrators. */
  administers: (f: PersonFacts) => hasAny(f, ['admin', 'manager']),
  /** The platform's own administrators list. */
  platformAdmin: (f: PersonFacts) => hasAny(f, ['admin']),
  /** Zones and stands, blocked numbers, the simulator: POST /api/polygons and the like. */
  operates: (f: PersonFacts) => hasAny(f, ['admin', 'dispatcher']),
  /**
   * The search builder and the driver-priority window. A protocol client orders rides from
   * his dispatch company and searches for no driver himself, so neither is his.
   */
  buildsSearch: (f: PersonFacts) =>
    hasAny(f, ['admin', 'dispatcher']) || (f.roles.includes('company') && !ordersRidesOnly(f)),
} as const satisfies Record<string, (facts: PersonFacts) => boolean>;

export type Ability = keyof typeof ABILITIES;

export const can = (facts: PersonFacts, ability: Ability): boolean => ABILITIES[ability](facts);

type Params = Record<string, string>;
type PageRule = (facts: PersonFacts, params: Params) => boolean;

/** `/users/{type}` and `/user/{id}/{type}`: administrators for the administrators' lists. */
const readsUsersOf = (facts: PersonFacts, type: string | undefined) => {
  if (type === 'admin') return can(facts, 'platformAdmin');
  if (type === 'manager') return can(facts, 'administers');
  return can(facts, 'readsPeople');
};

/** Id 0 creates: only administrators create users, cars and discount conditions. */
const creates = (params: Params) => params.id === '0';

/**
 * Back-office pages a role may not open. Any other page is open to whoever its route lets in
 * (login, console: web/app/access.ts).
 */
export const PAGE_RULES: readonly (readonly [pattern: string, rule: PageRule])[] = [
  ['/dashboard', (f) => can(f, 'watchesFleet')],
  ['/live', (f) => can(f, 'watchesFleet')],
  ['/operator/map', (f) => can(f, 'watchesFleet')],
  ['/users/:type', (f, p) => readsUsersOf(f, p.type)],
  ['/user/:id/:type', (f, p) => readsUsersOf(f, p.type) && (!creates(p) || can(f, 'administers'))],
  ['/cars', (f) => can(f, 'readsPeople')],
  ['/car/:id', (f, p) => can(f, creates(p) ? 'administers' : 'readsPeople')],
  ['/devices', (f) => can(f, 'administers')],
  ['/device/:id', (f) => can(f, 'administers')],
  ['/settings', (f) => can(f, 'administers')],
  ['/settings/polygons', (f) => can(f, 'operates')],
  // The fleet console reads the fare; only administrators change it (the screen says so).
  ['/finances', (f) => can(f, 'watchesFleet')],
  // The drivers' balances and their history; only administrators move money (the screens say so).
  ['/finances/sold', (f) => can(f, 'watchesFleet')],
  ['/finances/transfer', (f) => can(f, 'watchesFleet')],
  ['/finances/history', (f) => can(f, 'watchesFleet')],
  ['/finances/transfer-discount', (f) => can(f, 'watchesFleet')],
  // Protocol statements: the fleet's console reads every client's, a protocol user his own.
  ['/finances/statements', (f) => can(f, 'console')],
  ['/finances/statements/:clientId', (f) => can(f, 'console')],
  // The fleet console reads the discount conditions; administrators add and change them.
  ['/discounts', (f) => can(f, 'watchesFleet')],
  ['/discount/:id', (f, p) => can(f, creates(p) ? 'administers' : 'watchesFleet')],
  // The orders report: the orders each console shows (a protocol client his company's rides).
  ['/reports/orders', (f) => can(f, 'console')],
  ['/builder', (f) => can(f, 'buildsSearch')],
  ['/simulator', (f) => can(f, 'operates')],
];

/** The pattern's parameters when `pathname` matches it (`/user/:id/:type`), else null. */
export function matchPattern(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** Whether the person may open the page at `pathname`: the one rule of the menu and the guard. */
export function mayOpenPage(facts: PersonFacts, pathname: string): boolean {
  for (const [pattern, rule] of PAGE_RULES) {
    const params = matchPattern(pattern, pathname);
    if (params) return rule(facts, params);
  }
  return true;
}
