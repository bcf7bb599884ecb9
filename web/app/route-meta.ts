import { matchPath } from 'react-router';
import { ROUTES, type RouteHandle } from './routes';

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
 * SPEC §2: the page title comes from route metadata, default 'OGO Dashboard'.
 * A page with a title reads 'Setări cont · OGO Dashboard' so tabs stay recognisable.
 */
export function resolveTitle(handles: readonly unknown[]): string {
  const title = deepestHandle(handles, 'title');
  return title ? `${title} · ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** True when a real page answers `path` (the 404 catch-all does not count). */
export function routeExists(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return ROUTE_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Every full path of the table, children included (the 404 catch-all left out). */
const ROUTE_PATHS: readonly string[] = ROUTES.filter((route) => route.path !== '*').flatMap(
  (route) => [
    route.path,
    ...(route.children ?? [])
      .filter((child) => child.path)
      .map((child) => `${route.path}/${child.path}`),
  ],
);
