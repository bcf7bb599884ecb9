import type { Operation } from './openapi';

/**
 * The routes an app has registered, read from `app.printRoutes({ commonPrefix: false })` (the
 * app is built before a test sees it, so an `onRoute` hook would come too late), compared with
 * the OpenAPI document (a route missing from the document fails the suite, so
 * no route is missing from the matrix).
 */
export interface RegisteredRoute {
  method: string;
  /** Fastify path (`/api/orders/:id`); a node shared by methods with different parameter names reads `:a|:b`. */
  path: string;
}

const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u;

/** Parses the route tree; throws on a line it does not understand, so a format change is loud. */
export function parseRouteTree(tree: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unexpected printRoutes line: ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',')) {
      const name = method.trim();
      if (name) routes.push({ method: name, path });
    }
  }
  return routes;
}

/** Parameter names dropped: `/api/orders/:id` and `/api/orders/{id}` are one shape. */
export const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/:[^/]+/g, '{}');

/** Routes the document need not list: the automatic HEAD / OPTIONS twins, hidden and static routes. */
export const UNDOCUMENTED_BY_DESIGN: readonly ((route: RegisteredRoute) => boolean)[] = [
  (route) => route.method === 'HEAD' || route.method === 'OPTIONS',
  (route) => route.path === '/api/docs', // schema.hide: the document itself
  (route) => route.path === '/' || route.path.includes('*'), // @fastify/static (the web app)
];

/** `METHOD shape` of every registered route the document does not describe. */
export function undocumentedRoutes(
  registered: readonly RegisteredRoute[],
  operations: readonly Operation[],
): string[] {
  const documented = new Set(operations.map((op) => `${op.method} ${shapeOf(op.path)}`));
  return registered
    .filter((route) => !UNDOCUMENTED_BY_DESIGN.some((excluded) => excluded(route)))
    .map((route) => `${route.method} ${shapeOf(route.path)}`)
    .filter((key) => !documented.has(key))
    .sort();
}
