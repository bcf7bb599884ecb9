import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Location state of 'Comandă nouă': a new call. Navigating to order/0 while already
 * there keeps the same path, so the form's `key={orderId}` alone would keep a half-typed order.
 */
export const FRESH_FORM_STATE = { freshForm: true } as const;

const asksFreshForm = (state: unknown) =>
  typeof state === 'object' && state !== null && 'freshForm' in state && state.freshForm === true;

/**
 * Part of the order form's key: the history entry of the latest 'Comandă nouă', so each click
 * (a new entry, new key, even on the same path) starts an empty form. Other navigations, such
 * as opening the side panel (`?panel=`, no state), keep the previous value and the draft.
 */
export function useFreshFormGeneration(): string {
  const location = useLocation();
  const asked = asksFreshForm(location.state) ? location.key : null;
  const [generation, setGeneration] = useState(asked ?? '');
  // Adjusting state while rendering (React's pattern for a value derived from a changed input).
  if (asked !== null && asked !== generation) setGeneration(asked);
  return asked ?? generation;
}
