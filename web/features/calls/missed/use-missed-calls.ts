import { listMissedCalls } from '@common/calls/calls.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { missedCallKeys } from '../query-keys';

/**
 * The company's missed calls not yet called back (docs/CALLS.md), read again on
 * 'missed_calls_updated' (shell/SoftphoneHost) and after a reconnect (RealtimeBridge).
 */
export function useMissedCalls(enabled: boolean) {
  return useQuery({
    queryKey: missedCallKeys.all,
    queryFn: ({ signal }) => apiWith(listMissedCalls, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
