import { listUsers } from '@common/users/users.api';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import { NONE_CONNECTED, offMapMessage } from './map-search-message';
import { USER_SEARCH_DEBOUNCE_MS } from './use-driver-search';

/**
 * Why the drivers map's search for `query` shows nobody: asked of the company's drivers only
 * when the map has no match (`enabled`). Null while the answer is not in.
 */
export function useOffMapMessage(query: string, enabled: boolean): string | null {
  const text = query.trim();
  const [debounced] = useDebouncedValue(text, USER_SEARCH_DEBOUNCE_MS);
  const lookup = useQuery({
    queryKey: ['users', 'drivers', 'call-sign', debounced],
    queryFn: ({ signal }) =>
      apiWith(
        listUsers,
        { signal },
        { query: { role: 'driver', search: debounced, per_page: 30 } },
      ),
    enabled: enabled && debounced !== '' && debounced === text,
    staleTime: 10_000,
  });
  if (!enabled || debounced !== text) return null;
  // Who may not list users still learns that nobody connected has it.
  if (lookup.isError) return NONE_CONNECTED;
  return lookup.data ? offMapMessage(text, lookup.data.data) : null;
}
