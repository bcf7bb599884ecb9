import type { DriverPosition } from '@common/drivers/drivers.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { driverKeys, useDriverPositions } from '../drivers';
import { usePolygons, useZoneStatistics } from '../zones';

/** /simulator card: the zone a driver is in, its priority and its driver count. */
export interface DriverZone {
  name: string;
  priority: number;
  /** Busy and free drivers in it (GET /api/polygons/statistics, every 30 s). */
  drivers: number | null;
}

/**
 * The zone of each simulated driver as the server placed him: the polygonId of his position in
 * the dispatcher's live positions (GET /api/drivers-positions and its pushed batches), named by
 * GET /api/polygons. The server decides (priority where zones overlap), never this page.
 * The lookup answers undefined while he is not on the map (offline, or no position yet) and
 * null outside every zone.
 */
export function useDriverZones(): (driverId: number) => DriverZone | null | undefined {
  // Subscribes this page to the live list; the list itself is read from the same cache entry,
  // whose rows carry the zone (the map's own view of them does not).
  const { drivers } = useDriverPositions();
  const queryClient = useQueryClient();
  const positions = useMemo(() => {
    void drivers; // a new list of drivers: a new list of positions in the cache
    const rows = queryClient.getQueryData<DriverPosition[]>(driverKeys.positions) ?? [];
    return new Map(rows.map((row) => [row.userId, row.polygonId]));
  }, [drivers, queryClient]);
  const polygons = usePolygons();
  const statistics = useZoneStatistics(true);
  return useCallback(
    (driverId: number) => {
      if (!positions.has(driverId)) return undefined;
      const polygonId = positions.get(driverId);
      const zone = polygonId == null ? undefined : polygons.data?.find((p) => p.id === polygonId);
      if (!zone) return null;
      const counts = statistics.data?.find((s) => s.polygonId === zone.id);
      return {
        name: zone.name,
        priority: zone.priority,
        drivers: counts ? counts.busyDrivers + counts.freeDrivers : null,
      };
    },
    [positions, polygons.data, statistics.data],
  );
}
