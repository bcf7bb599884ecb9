import { listUsers } from '@common/users/users.api';
import type { User } from '@common/users/users.schema';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

/** User search is debounced 500 ms. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

const NO_DRIVERS: User[] = [];

/** GET /api/users?role=driver&search: drivers matching a call sign or name. */
export function useDriverSearch(search: string) {
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['users', 'drivers', debounced],
    queryFn: ({ signal }) =>
      apiWith(
        listUsers,
        { signal },
        { query: { role: 'driver', search: debounced || undefined, per_page: 30 } },
      ),
    staleTime: 30_000,
  });
  return {
    drivers: query.data?.data ?? NO_DRIVERS,
    isFetching: query.isFetching,
    /** The (trimmed) text `drivers` answer, once loaded: null while debouncing or fetching. */
    answered: query.isSuccess && !query.isFetching ? debounced : null,
  };
}
