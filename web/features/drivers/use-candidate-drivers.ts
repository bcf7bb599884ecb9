import { getCandidateDrivers } from '@common/drivers/candidates.api';
import type { CandidateDriver } from '@common/drivers/candidates.schema';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiWith } from '../../lib/api-client';
import { driverKeys } from './driver-keys';
import { POSITIONS_POLL_MS } from './use-driver-positions';
import { USER_SEARCH_DEBOUNCE_MS } from './use-driver-search';

const NO_CANDIDATES: CandidateDriver[] = [];

/** Lower case without diacritics: 'Ștefan' is found by 'stefan'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether a candidate's call sign or name holds the typed text. */
export const matchesCandidate = (driver: CandidateDriver, search: string) => {
  const needle = folded(search.trim());
  return (
    needle === '' ||
    folded(driver.indicativ ?? '').includes(needle) ||
    folded(driver.name).includes(needle)
  );
};

/**
 * The order's candidate drivers, best first, filtered by the typed text at once (keyboard
 * flows do not wait for the network). The server's list is read once; only when the company
 * has more drivers than one answer holds is the text also searched on the server (debounced).
 */
export function useCandidateDrivers(orderId: number | null, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const all = useQuery({
    queryKey: driverKeys.candidates(orderId ?? 0, ''),
    queryFn: ({ signal }) =>
      apiWith(getCandidateDrivers, { signal }, { params: { id: orderId ?? 0 }, query: {} }),
    enabled: orderId !== null,
    // States and distances change by the minute: read anew each time the list opens, and as the
    // map does while it stays open.
    staleTime: 0,
    gcTime: 0,
    refetchInterval: POSITIONS_POLL_MS,
  });
  const truncated = all.data !== undefined && all.data.total > all.data.data.length;
  const searched = useQuery({
    queryKey: driverKeys.candidates(orderId ?? 0, debounced),
    queryFn: ({ signal }) =>
      apiWith(
        getCandidateDrivers,
        { signal },
        { params: { id: orderId ?? 0 }, query: { search: debounced } },
      ),
    enabled: orderId !== null && truncated && debounced !== '',
    placeholderData: keepPreviousData,
  });
  const source =
    truncated && debounced !== '' ? (searched.data?.data ?? NO_CANDIDATES) : all.data?.data;
  const drivers = useMemo(
    () => (source ?? NO_CANDIDATES).filter((driver) => matchesCandidate(driver, search)),
    [source, search],
  );
  return {
    drivers,
    isPending: all.isPending,
    isError: all.isError || searched.isError,
  };
}
