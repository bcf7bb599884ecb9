import { matchPath } from 'react-router';
import { PLANNED_PRIVATE_PATHS, type RouteHandle } from './routes';

export const DEFAULT_TITLE = 'OGO Dashboard';

const isHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null;

/** The deepest matched route's handle that says anything about `key`. */
export function deepestHandle<K extends keyof RouteHandle>(
  handles: readonly unknown[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isHandle(handle) && handle[key] !== undefined) return handle[key];
  }
  return undefined;
}

/**
 * the page title comes from route metadata, default 'OGO Dashboard'.
 * A page with a title reads 'Setări cont · OGO Dashboard' so tabs stay recognisable.
 */
export function resolveTitle(handles: readonly unknown[]): string {
  const title = deepestHandle(handles, 'title');
  return title ? `${title} · ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** True when `path` is a page still to be built: the header menu leaves it out. */
export function isPlannedPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return PLANNED_PRIVATE_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}
