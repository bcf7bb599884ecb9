import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { theme } from './theme';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Toasts last 1 to 6 s. Bottom right: at the top they covered the header's
              profile menu and the operator top bar's buttons, for a minute in the case of
              'Șoferii nu au fost găsiți'. */}
          <Notifications position="bottom-right" autoClose={4000} limit={5} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
