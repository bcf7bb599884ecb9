import { getDriversPositions } from '@common/drivers/drivers.api';
import type { DriverPosition } from '@common/drivers/drivers.schema';
import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiWith } from '../../lib/api-client';
import type { MapDriver } from '../../map/drivers';
import { driverStateTracker } from './driver-events';
import { driverKeys } from './driver-keys';

/** Driver positions every 25 s (the safety net under the pushed deltas). */
export const POSITIONS_POLL_MS = 25_000;

/** The red label for a driver on an offer, another icon for busy and paused. */
export function mapDriverStatus(
  position: Pick<DriverPosition, 'on_offer' | 'is_busy' | 'is_paused'>,
): MapDriver['status'] {
  if (position.on_offer) return 'offer';
  if (position.is_busy) return 'busy';
  if (position.is_paused) return 'paused';
  return 'free';
}

export const toMapDriver = (position: DriverPosition): MapDriver => ({
  id: position.userId,
  indicativ: position.indicativ,
  lat: position.lat,
  lng: position.long,
  status: mapDriverStatus(position),
});

const NO_DRIVERS: readonly MapDriver[] = [];

/**
 * The online drivers of the caller's companies, live: read every 25 s and on a socket reconnect
 * (RealtimeBridge refetches every query then), moved in between by the socket's batches
 * (driver-events.ts). One list per batch, so the map draws once per batch.
 */
export function useDriverPositions() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: driverKeys.positions,
    queryFn: async ({ signal }) => {
      const tracker = driverStateTracker(queryClient);
      const since = tracker.now();
      return tracker.reconcile(await apiWith(getDriversPositions, { signal }), since);
    },
    // The pushes keep it fresh; another map mounting reuses it instead of reading again.
    staleTime: POSITIONS_POLL_MS,
    // Every batch builds a new list and the map redraws from it anyway: comparing it deep with
    // the last one (React Query's default) copied every moved driver once more, ~8 ms a batch
    // of 5,000 in Chromium (bench/README.md drivers-map).
    structuralSharing: false,
  });
  // The 25 s re-read, on a timer of its own: React Query's refetchInterval starts over at
  // every change of the data, and the socket's batches change it every second, so it never
  // fired while they came (found by bench/drivers-map.bench.ts). Like refetchInterval, only
  // while the page is in view.
  const { refetch } = query;
  useEffect(() => {
    const timer = setInterval(() => {
      if (focusManager.isFocused()) void refetch({ cancelRefetch: false });
    }, POSITIONS_POLL_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const drivers = useMemo(
    () => (query.data ? query.data.map(toMapDriver) : NO_DRIVERS),
    [query.data],
  );
  return { drivers, isPending: query.isPending, isError: query.isError };
}
