import { listOrders } from '@common/orders/orders.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

/** The client history fetches 30 orders a request and shows 15 rows a page. */
export const CLIENT_HISTORY_FETCH = 30;
export const CLIENT_HISTORY_ROWS = 15;

/** Which server page holds a shown page, and where in it (two shown pages per fetch). */
export function clientHistoryWindow(shownPage: number) {
  const perFetch = CLIENT_HISTORY_FETCH / CLIENT_HISTORY_ROWS;
  const serverPage = Math.ceil(shownPage / perFetch);
  const offset = ((shownPage - 1) % perFetch) * CLIENT_HISTORY_ROWS;
  return { serverPage, offset };
}

/** GET /api/orders?client_id&per_page=30&page. */
export function useClientOrders(clientId: number | null, serverPage: number) {
  return useQuery({
    queryKey: [
      'orders',
      'list',
      { client_id: clientId, per_page: CLIENT_HISTORY_FETCH, page: serverPage },
    ],
    queryFn: ({ signal }) =>
      apiWith(
        listOrders,
        { signal },
        {
          query: {
            client_id: clientId ?? undefined,
            per_page: CLIENT_HISTORY_FETCH,
            page: serverPage,
          },
        },
      ),
    enabled: clientId !== null,
    placeholderData: keepPreviousData,
  });
}
