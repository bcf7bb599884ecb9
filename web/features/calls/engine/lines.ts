import { SOFTPHONE_LINES } from '@common/calls/calls.schema';

/**
 * A softphone line (Calls: 15 lines): one SIP call of this browser, from the INVITE to
 * its end. Lines are kept in arrival order; that order numbers the F-keys (Order list:
 * "F1 to F9 toggle hold on the nth active call").
 *
 * - ringing: an incoming call waits for an answer (the pending-calls bar);
 * - answering: POST /api/calls/accept is on its way (docs/CALLS.md: the server first, then SIP);
 * - dialing: a callback to a missed call rings at the client's;
 * - active / held: a live call, with its order.
 */
export type LineState = 'ringing' | 'answering' | 'dialing' | 'active' | 'held';

export interface Line {
  /** The SIP Call-ID (`sip_caller_id` on the wire, docs/CALLS.md). */
  id: string;
  direction: 'incoming' | 'outgoing';
  /** The caller's number as the PBX sends it (the From user), or the number called back. */
  phone: string;
  displayName: string | null;
  state: LineState;
  /** The order the call belongs to, once the server accepted it. */
  orderId: number | null;
  /** Epoch ms of the INVITE (arrival order). */
  arrivedAt: number;
  /** Epoch ms the call became live (the active-calls list's elapsed time). */
  answeredAt: number | null;
  /** A callback's missed call. */
  missedCallId: number | null;
}

export const isLive = (line: Pick<Line, 'state'>) =>
  line.state === 'active' || line.state === 'held';

/** Every line counts until it ends: ringing, being answered, dialing and live (docs/CALLS.md). */
export const freeLines = (lines: readonly Line[]) => Math.max(0, SOFTPHONE_LINES - lines.length);

export const ringingLines = (lines: readonly Line[]) =>
  lines.filter((line) => line.state === 'ringing');

/** The live calls, in arrival order: F1 is the first. */
export const liveLines = (lines: readonly Line[]) => lines.filter(isLive);

/** The one call the dispatcher talks to (the others are held). */
export const activeLine = (lines: readonly Line[]) =>
  lines.find((line) => line.state === 'active') ?? null;

/** 'F3' for the third live call; null past F9 or for a line that is not live. */
export function fKeyOf(lines: readonly Line[], lineId: string): string | null {
  const index = liveLines(lines).findIndex((line) => line.id === lineId);
  return index >= 0 && index < 9 ? `F${index + 1}` : null;
}

/** The F-key label of each order with a live line of this softphone (the order list). */
export function fKeysByOrder(lines: readonly Line[]): Map<number, string> {
  const keys = new Map<number, string>();
  liveLines(lines).forEach((line, index) => {
    if (line.orderId !== null && index < 9) keys.set(line.orderId, `F${index + 1}`);
  });
  return keys;
}

/** Lines as a new list with one line changed (the store's snapshots are immutable). */
export const updateLine = (
  lines: readonly Line[],
  id: string,
  patch: Partial<Line>,
): readonly Line[] => lines.map((line) => (line.id === id ? { ...line, ...patch } : line));

export const removeLine = (lines: readonly Line[], id: string): readonly Line[] =>
  lines.filter((line) => line.id !== id);
