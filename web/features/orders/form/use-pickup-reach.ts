import { getPickupReach } from '@common/zones/zones.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';

/** GET /api/pickup-reach for a picked pickup (null coordinates: nothing asked). */
export function usePickupReach(lat: number | null, long: number | null) {
  return useQuery({
    queryKey: ['pickup-reach', lat, long],
    queryFn: ({ signal }) =>
      apiWith(getPickupReach, { signal }, { query: { lat: lat ?? 0, long: long ?? 0 } }),
    enabled: lat !== null && long !== null,
    staleTime: 60_000,
    retry: false,
  });
}
