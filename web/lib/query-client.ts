import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * One cache for the app. Client errors (4xx) are answers, not glitches: retrying them only
 * delays the message. Network errors and 5xx get two more tries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
