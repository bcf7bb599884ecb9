import type { DbOrTx } from '../../db/client';
import { appendDriverChange } from '../drivers/state/driver-states.repo';
import { appendEntry, type NewEntry, type PostedEntry } from './ledger-postings.repo';

/** The drivers' stream change a balance move is told as (the index reads his balances again). */
export const BALANCE_CHANGE = 'balance';

/**
 * Posts entries inside the caller's transaction and tells the drivers' stream that their
 * balances moved, so every node's engine gates on the new figure. Answers the entries (null for
 * one refused by its `floor`; a key already posted throws AlreadyPostedError) and the last
 * stream change's number, to hand to the drivers' `published` after the commit (undefined:
 * nothing moved).
 *
 * A trip's finish does not need the stream change: it writes one for the driver's duty anyway.
 */
export async function postEntries(
  tx: DbOrTx,
  entries: readonly NewEntry[],
  options: { announce?: boolean } = {},
): Promise<{ posted: (PostedEntry | null)[]; driverSeq: number | undefined }> {
  const posted: (PostedEntry | null)[] = [];
  for (const entry of entries) posted.push(await appendEntry(tx, entry));
  let driverSeq: number | undefined;
  if (options.announce !== false) {
    const moved = new Set(entries.filter((_, i) => posted[i] !== null).map((e) => e.driver_id));
    for (const driverId of moved)
      driverSeq = await appendDriverChange(tx, driverId, BALANCE_CHANGE);
  }
  return { posted, driverSeq };
}
