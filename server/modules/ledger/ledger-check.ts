import { bucharestParts } from '@common/lib/dates';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type BalanceMismatch, balanceMismatches } from './ledger.repo';

/** The Bucharest hour the nightly check runs (the quietest of a dispatch company's day). */
export const LEDGER_CHECK_HOUR = 3;

/**
 * The nightly proof that every running balance is the sum of its entries (docs/MONEY.md "The
 * ledger"): a disagreement is logged as an error with the rows, for an operator to look at; the
 * ledger itself is never "repaired" by the check.
 */
export async function checkLedger(db: Db, log: FastifyBaseLogger): Promise<BalanceMismatch[]> {
  const mismatches = await balanceMismatches(db);
  if (mismatches.length > 0)
    log.error(
      { mismatches: mismatches.slice(0, 50), count: mismatches.length },
      'ledger balances disagree with their entries',
    );
  else log.info('ledger check: every balance is the sum of its entries');
  return mismatches;
}

/** Runs the check once a day, in LEDGER_CHECK_HOUR (Bucharest), looking every 10 minutes. */
export function scheduleLedgerCheck(db: Db, log: FastifyBaseLogger, now: () => number) {
  let lastDay = '';
  const timer = setInterval(() => {
    const parts = bucharestParts(new Date(now()));
    const day = `${parts.year}-${parts.month}-${parts.day}`;
    if (Number(parts.hour) !== LEDGER_CHECK_HOUR || day === lastDay) return;
    lastDay = day;
    checkLedger(db, log).catch((error: unknown) =>
      log.error({ err: error }, 'the ledger check failed'),
    );
  }, 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
