import { useEffect, useRef } from 'react';
import { isFieldTarget } from '../../../lib/shortcuts';
import { type CallKeyAction, type CallKeyInput, callKeyAction } from '../engine/call-keys';
import type { Softphone } from '../engine/softphone';
import { useSoftphoneInstance } from '../engine/softphone-context';
import { useAnswerKey } from '../use-call-options';

/** An open dialog, popover, menu or list owns Esc (closing it must not end the call). */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Whether one is open: on screen, not merely in the page (Mantine keeps a closed Select's
 * listbox in the DOM, hidden; the order form has three, so "present" would keep Esc from ever
 * ending a call there).
 */
const overlayOpen = () =>
  [...document.querySelectorAll<HTMLElement>(OVERLAY)].some((element) =>
    typeof element.checkVisibility === 'function'
      ? element.checkVisibility()
      : element.getClientRects().length > 0,
  );

function run(softphone: Softphone, action: CallKeyAction): void {
  switch (action.kind) {
    case 'answer':
      void softphone.answer(action.lineId);
      return;
    case 'toggleHold':
      void softphone.toggleHold(action.lineId);
      return;
    case 'end':
      softphone.hangUp(action.lineId);
      return;
    case 'reserved':
      return;
  }
}

/**
 * The calls' keys (engine/call-keys.ts) while the softphone runs. F-keys, the answer
 * key and Space are taken in the capture phase, before the page's own shortcuts see them, so
 * F6 with a 6th call toggles its hold and does not also open the call-sign search. Esc is
 * taken last (bubble phase), and only when nothing else used it.
 */
export function useCallKeys(enabled: boolean, spaceAnswers: boolean): void {
  const softphone = useSoftphoneInstance();
  const [answerKey] = useAnswerKey();
  const latest = useRef({ answerKey, spaceAnswers });
  latest.current = { answerKey, spaceAnswers };

  useEffect(() => {
    if (!enabled) return;
    const inputOf = (event: KeyboardEvent): CallKeyInput => ({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      inField: isFieldTarget(event.target),
      spaceAnswers: latest.current.spaceAnswers,
    });
    const actionOf = (event: KeyboardEvent) =>
      callKeyAction(inputOf(event), softphone.getSnapshot().lines, latest.current.answerKey);

    const onCapture = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return;
      const action = actionOf(event);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      // A held-down key repeats: one press is one action.
      if (!event.repeat) run(softphone, action);
    };
    const onBubble = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.repeat) return;
      if (overlayOpen()) return;
      const action = actionOf(event);
      if (action?.kind !== 'end') return;
      event.preventDefault();
      run(softphone, action);
    };
    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onBubble);
    return () => {
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onBubble);
    };
  }, [enabled, softphone]);
}
