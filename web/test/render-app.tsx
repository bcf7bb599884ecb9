import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRouteTree } from '../app/router';
import { theme } from '../app/theme';
import { queryClient } from '../lib/query-client';

/** The real route tree and providers, in memory, starting at `path`. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(buildRouteTree(), { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
