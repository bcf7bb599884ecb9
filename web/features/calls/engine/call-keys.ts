import { SHORTCUTS, type ShortcutId } from '../../../lib/shortcuts';
import type { AnswerKey } from '../use-call-options';
import { activeLine, type Line, liveLines, ringingLines } from './lines';

/**
 * What a key press does to the calls (the answer key, F1–F9 on the nth live call, Esc,
 * Space on /operator/v2). Pure, so the precedence rules are tested without a keyboard:
 *
 * - the configured answer key answers the oldest ringing call; when it is F1 and nothing rings,
 *   F1 is the first live call's hold key again;
 * - F6 is also the call-sign search (lib/shortcuts.ts): it toggles hold only when there is a
 *   6th live call, otherwise it is left to the search;
 * - the other F-keys are kept by the softphone even without their line ('reserved'): F5 would
 *   reload the page and drop every call, F1 opens the browser's help, F3 its search;
 * - Esc ends the call the dispatcher talks to (never a held one).
 */
export type CallKeyAction =
  | { kind: 'answer'; lineId: string }
  | { kind: 'toggleHold'; lineId: string }
  | { kind: 'end'; lineId: string }
  | { kind: 'reserved' };

export interface CallKeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Focus is in a text field (Space is then typed, never an answer). */
  inField: boolean;
  /** The page is /operator/v2, where Space accepts the first pending call. */
  spaceAnswers: boolean;
}

const keysOf = (id: ShortcutId): readonly string[] =>
  SHORTCUTS.find((shortcut) => shortcut.id === id)?.keys ?? [];

const HOLD_KEYS = keysOf('toggleHold');
const CALL_SIGN_KEYS = keysOf('callSignSearch');

export function callKeyAction(
  input: CallKeyInput,
  lines: readonly Line[],
  answerKey: AnswerKey,
): CallKeyAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const ringing = ringingLines(lines)[0];

  if (input.key === answerKey && ringing) return { kind: 'answer', lineId: ringing.id };
  if (input.key === ' ' && input.spaceAnswers && !input.inField && ringing) {
    return { kind: 'answer', lineId: ringing.id };
  }
  if (keysOf('endCall').includes(input.key)) {
    const active = activeLine(lines);
    return active ? { kind: 'end', lineId: active.id } : null;
  }

  const index = HOLD_KEYS.indexOf(input.key);
  if (index < 0) return null;
  const line = liveLines(lines)[index];
  if (line) return { kind: 'toggleHold', lineId: line.id };
  return CALL_SIGN_KEYS.includes(input.key) ? null : { kind: 'reserved' };
}
