import { getDriversInfo, getZoneStatistics } from '@common/drivers/drivers.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import { zoneKeys } from './zone-keys';

/** Zone statistics every 30 s. */
export const ZONE_STATISTICS_POLL_MS = 30_000;

/** GET /api/polygons/statistics: busy and free drivers per zone, while shown. */
export function useZoneStatistics(enabled: boolean) {
  return useQuery({
    queryKey: zoneKeys.statistics,
    queryFn: ({ signal }) => apiWith(getZoneStatistics, { signal }),
    enabled,
    refetchInterval: enabled ? ZONE_STATISTICS_POLL_MS : false,
  });
}

/** GET /api/statistics/drivers-info?polygon_id: a zone's free drivers, at the same rate. */
export function useZoneDrivers(polygonId: number, enabled: boolean) {
  return useQuery({
    queryKey: zoneKeys.driversInfo(polygonId),
    queryFn: ({ signal }) =>
      apiWith(getDriversInfo, { signal }, { query: { polygon_id: polygonId } }),
    enabled,
    refetchInterval: enabled ? ZONE_STATISTICS_POLL_MS : false,
  });
}
