import { listOrderOptions, listServices } from '@common/catalog/catalog.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

/** GET /api/services (the order form's service select; loaded on mount). */
export function useServices() {
  return useQuery({
    queryKey: ['catalog', 'services'],
    queryFn: ({ signal }) => apiWith(listServices, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/order-options. */
export function useOrderOptions() {
  return useQuery({
    queryKey: ['catalog', 'order-options'],
    queryFn: ({ signal }) => apiWith(listOrderOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}
