import type { SeededSession } from './fleet-seed';

/** What bench/servers/ledger-app.ts and bench/ledger.bench.ts share (the server runs on import). */

/** The fixed price of every finished trip (bani): the fare path is the same for both sides. */
export const TRIP_COST = 2_500;
/** The balances list's page size (its default `per_page`), and the bare page's. */
export const PER_PAGE = 30;

/** The app server's ready line. */
export interface LedgerAppInfo {
  url: string;
  /** The bare Fastify of the balances baseline, in the same process. */
  bareUrl: string;
  seedSeconds: number;
  /** The finishing drivers of the company with a commission, and of the one without. */
  finishers: { with: SeededSession[]; without: SeededSession[] };
  balancesCompanyId: number;
  /** A dispatcher of the balances company, logged in. */
  balancesToken: string;
  balanceDrivers: number;
}

/** The two finishing companies' ledgers, and the nightly check over the whole database. */
export interface LedgerCheck {
  withEntries: number;
  withBalanceSum: number;
  withoutEntries: number;
  withoutBalanceSum: number;
  mismatches: number;
}

/** Statements sent to the database since the last read, with the first texts. */
export interface StatementCount {
  count: number;
  texts: string[];
}
