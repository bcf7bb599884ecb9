import { useEffect, useRef } from 'react';

/**
 * Esc anywhere on the page runs `onEscape` (Esc cancels drawing or editing), except
 * inside a dialog, whose own Esc closes it (the 'Remove?' confirmation). Null: Esc does nothing.
 */
export function useEscape(onEscape: (() => void) | null): void {
  const handler = useRef(onEscape);
  handler.current = onEscape;
  const active = onEscape !== null;

  useEffect(() => {
    if (!active) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"]')) return;
      handler.current?.();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [active]);
}
