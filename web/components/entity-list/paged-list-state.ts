import { apiErrorMessages } from '../../lib/toast';
import type { EntityListProps } from './EntityList';

/** A paged API list query as TanStack Query gives it. */
interface PagedQuery {
  data?: { data: readonly unknown[]; meta: { total: number } };
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The EntityList props that a paged API query fills: its states, its error's messages (the
 * fields' where it has any), the empty flag and the pages with the total.
 */
export function pagedListState(
  query: PagedQuery,
  paging: { page: number; setPage: (page: number) => void },
  perPage: number,
): Pick<EntityListProps, 'isPending' | 'isFetching' | 'error' | 'isEmpty' | 'pagination'> {
  return {
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.isError ? apiErrorMessages(query.error).join(' ') : null,
    isEmpty: (query.data?.data.length ?? 0) === 0,
    pagination: {
      page: paging.page,
      total: query.data?.meta.total ?? 0,
      perPage,
      onChange: paging.setPage,
      showTotal: true,
    },
  };
}
