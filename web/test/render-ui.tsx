import type { LoggedUser } from '@common/auth/auth.schema';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import { session } from '../lib/session';

/** A fresh cache per test, without retries (an error answer is final here). */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });

/**
 * Renders one screen inside the app's providers and a memory data router (blockers and links
 * work), logged in as `user`. Other paths render their path, so navigation can be asserted.
 */
export function renderUi(
  ui: ReactElement,
  { user, path = '/', route = '/' }: { user?: LoggedUser; path?: string; route?: string } = {},
) {
  if (user) {
    session.setToken('tok');
    session.setUser(user);
  }
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, queryClient };
}
