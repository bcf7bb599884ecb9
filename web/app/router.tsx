import { createBrowserRouter, type RouteObject } from 'react-router';
import { loginPathFor } from '../features/auth/redirect';
import { endLocalSession } from '../features/auth/session-actions';
import { setUnauthorizedHandler } from '../lib/api-client';
import { PageLoader } from './PageLoader';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { type AppChildRoute, type AppRoute, PLANNED_PRIVATE_PATHS, ROUTES } from './routes';

const toChildObject = (child: AppChildRoute): RouteObject =>
  child.index
    ? {
        index: true,
        handle: child.handle,
        lazy: async () => ({ Component: (await child.load()).default }),
      }
    : {
        path: child.path,
        handle: child.handle,
        lazy: async () => ({ Component: (await child.load()).default }),
      };

/** A login-required route whose page is not built yet: the 404 page, once logged in. */
const plannedRoute = (path: string): RouteObject => ({
  path,
  handle: { title: 'Pagina nu există' },
  lazy: async () => ({ Component: (await import('../pages/NotFoundPage')).default }),
});

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  handle: route.handle,
  lazy: async () => ({ Component: (await route.load()).default }),
  children: route.children?.map(toChildObject),
});

/**
 * The route tree: the shell, an error boundary that keeps the header, then the route
 * table (web/app/routes.ts) with login-required routes, built or planned, behind RequireAuth
 * (which also sends a user of the other package to their own console).
 */
export function buildRouteTree(
  routes: readonly AppRoute[] = ROUTES,
  planned: readonly string[] = PLANNED_PRIVATE_PATHS,
): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: PageLoader,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            ...routes.filter((r) => !r.handle.requiresAuth).map(toRouteObject),
            {
              Component: RequireAuth,
              children: [
                ...routes.filter((r) => r.handle.requiresAuth).map(toRouteObject),
                ...planned.map(plannedRoute),
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteTree());
  // Any 401 logs out and goes to /login, coming back here after the next login.
  setUnauthorizedHandler(() => {
    endLocalSession();
    const { pathname, search } = router.state.location;
    if (pathname !== '/login')
      void router.navigate(loginPathFor({ pathname, search }), { replace: true });
  });
  return router;
}
