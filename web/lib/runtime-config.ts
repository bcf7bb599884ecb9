import { getRuntimeConfig } from '@common/config/config.api';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/config: store links, fallback centre, basemap, service URLs. Fixed for the page's life. */
export function useRuntimeConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api(getRuntimeConfig),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
