import { getCaller } from '@common/calls/calls.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { callerKeys } from '../query-keys';

/**
 * Who is calling, before the answer (the issue: one lookup by phone): the client's name, last
 * address, number of past orders and blocked status. A minute fresh: a number that rings
 * again soon is not looked up again.
 */
export function useCaller(phone: string) {
  return useQuery({
    queryKey: callerKeys.byPhone(phone),
    queryFn: ({ signal }) => apiWith(getCaller, { signal }, { query: { phone } }),
    staleTime: 60_000,
  });
}
