import { useEffect, useRef } from 'react';

/**
 * Every keyboard shortcut of the console in one table.
 * Components bind through `useShortcuts` with handlers for the ids they own; an id without a
 * handler is not bound. The telephony rows are bound by the softphone (features/calls/shell/
 * use-call-keys.ts, rules in features/calls/engine/call-keys.ts), which takes its keys before
 * the page's handlers: F6 toggles hold only when there is a 6th live call, and is otherwise
 * the call-sign search; the answer key is the one chosen in the call options (F1 or `).
 */
export interface Shortcut {
  id: ShortcutId;
  /** `KeyboardEvent.key` values that trigger it. */
  keys: readonly string[];
  /** Needs Ctrl (or ⌘ on a Mac). */
  ctrl?: boolean;
  /** Also fires while typing in a field (F-keys and Ctrl+Enter do; '+', '-' and Space do not). */
  inFields: boolean;
  label: string;
  /** Where it applies (for the help table). */
  scope: 'operator' | 'order-form' | 'v2' | 'calls';
}

export type ShortcutId =
  | 'placeOrder'
  | 'callSignSearch'
  | 'openQuickOrder'
  | 'closeQuickOrder'
  | 'answerCall'
  | 'toggleHold'
  | 'endCall'
  | 'acceptFirstPendingCall';

const F1_TO_F9 = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9'] as const;

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'placeOrder',
    keys: ['Enter'],
    ctrl: true,
    inFields: true,
    label: 'Plasează comanda',
    scope: 'order-form',
  },
  {
    id: 'callSignSearch',
    keys: ['F6'],
    inFields: true,
    label: 'Căutare comandă după indicativ',
    scope: 'operator',
  },
  {
    id: 'openQuickOrder',
    keys: ['+'],
    inFields: false,
    label: 'Deschide comanda rapidă',
    scope: 'v2',
  },
  { id: 'closeQuickOrder', keys: ['-'], inFields: false, label: 'Închide formularul', scope: 'v2' },
  // Call options: F1 or the backtick (the one chosen) answers the oldest ringing call;
  // when it is F1 and nothing rings, F1 is the first call's hold key.
  {
    id: 'answerCall',
    keys: ['F1', '`'],
    inFields: true,
    label: 'Răspunde la apel (tasta aleasă)',
    scope: 'calls',
  },
  // F6 is also the call-sign search: it toggles hold only when there is a 6th live call.
  {
    id: 'toggleHold',
    keys: F1_TO_F9,
    inFields: true,
    label: 'Pune în așteptare / reia apelul n (F6: doar cu 6 apeluri)',
    scope: 'calls',
  },
  {
    id: 'endCall',
    keys: ['Escape'],
    inFields: true,
    label: 'Închide apelul activ',
    scope: 'calls',
  },
  {
    id: 'acceptFirstPendingCall',
    keys: [' '],
    inFields: false,
    label: 'Acceptă primul apel în așteptare',
    scope: 'calls',
  },
];

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True when focus is in a text field, select or editable element. */
  inField: boolean;
}

/** The ids a key press matches, among `enabled` (the ones with a handler), in table order. */
export function matchShortcuts(
  input: KeyInput,
  enabled: ReadonlySet<ShortcutId>,
  table: readonly Shortcut[] = SHORTCUTS,
): ShortcutId[] {
  if (input.altKey) return [];
  const ctrl = input.ctrlKey || input.metaKey;
  return table
    .filter(
      (s) =>
        enabled.has(s.id) &&
        s.keys.includes(input.key) &&
        Boolean(s.ctrl) === ctrl &&
        (s.inFields || !input.inField),
    )
    .map((s) => s.id);
}

export const isFieldTarget = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
};

export type ShortcutHandlers = Partial<Record<ShortcutId, (event: KeyboardEvent) => void>>;

/**
 * Binds the given handlers on the window while mounted. The newest handlers are always used
 * (no re-binding per render). A matched shortcut's default action is prevented.
 */
export function useShortcuts(handlers: ShortcutHandlers, enabled = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Already used (the softphone's keys are taken first, in the capture phase).
      if (event.defaultPrevented) return;
      const current = ref.current;
      const ids = matchShortcuts(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inField: isFieldTarget(event.target),
        },
        new Set(Object.keys(current) as ShortcutId[]),
      );
      const id = ids[0];
      const handler = id ? current[id] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** The table as the help shows it: 'Ctrl+Enter', 'F1 / `'. */
export const describeKeys = (shortcut: Shortcut): string =>
  shortcut.keys
    .map((key) => (key === ' ' ? 'Space' : key))
    .map((key) => (shortcut.ctrl ? `Ctrl+${key}` : key))
    .join(' / ');
