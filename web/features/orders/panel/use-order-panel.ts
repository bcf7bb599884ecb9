import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'panel';

/**
 * The order side panel is opened by order id and kept in the query string
 * (`?panel=<id>`), so Back closes it and a link can open it; changing only the query string
 * does not trip the unsaved-changes warning of a half-typed new order.
 */
export function useOrderPanel() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(PARAM));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;

  const open = useCallback(
    (id: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(PARAM, String(id));
        return next;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PARAM);
        return next;
      }),
    [setParams],
  );
  return { openId, open, close };
}
