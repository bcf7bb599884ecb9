import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOrderUpdate, invalidateOrderLists } from '../../../lib/orders/order-cache';
import { orderKeys } from '../../../lib/orders/order-keys';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder } from '../../../test/order-fixtures';
import { testQueryClient } from '../../../test/render-ui';
import { useDispatcherStatistics, useLiveStatistics } from './use-order-statistics';

afterEach(() => vi.unstubAllGlobals());

/**
 * the tab counts and the top bar's 24 h counts change together. The top bar's query
 * lived outside `orderKeys.statistics`, so a change refetched the tab counts at once and left
 * 'Anulate 24h' and 'Comenzi 24h' to their own 15 s poll (one said 7, the other 6).
 */
function renderCounters() {
  // The server's figures: a cancel moves one order from Confirmate to Anulat.
  const server = { live: 3, canceled: 6, orders_24h: 20 };
  const api = stubFetch({
    'GET /api/dispatcher-orders/statistics': () =>
      json(200, { in_call: 0, live: server.live, finished: 4, canceled: server.canceled }),
    'GET /api/dispatcher-orders/live-statistics': () =>
      json(200, {
        orders_24h: server.orders_24h,
        canceled_24h: server.canceled,
        drivers_online: 2,
        drivers_busy: 1,
        drivers_free: 1,
      }),
  });
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ tabs: useDispatcherStatistics().data, topBar: useLiveStatistics().data }),
    { wrapper },
  );
  return { server, api, queryClient, result };
}

describe('the console counters (tab counts and top bar 24 h counts)', () => {
  it('live under the statistics key, so one invalidation reaches both', () => {
    for (const key of [orderKeys.tabCounts, orderKeys.liveStatistics]) {
      expect(key.slice(0, orderKeys.statistics.length)).toEqual([...orderKeys.statistics]);
    }
  });

  it('refetch together after a cancel: Anulat and Anulate 24h agree at once', async () => {
    const { server, api, queryClient, result } = renderCounters();
    await waitFor(() => expect(result.current.topBar?.canceled_24h).toBe(6));
    expect(result.current.tabs?.canceled).toBe(6);

    server.live = 2;
    server.canceled = 7;
    // The cancel's answer or its push (the 15 s polls are far off).
    act(() => applyOrderUpdate(queryClient, buildOrder({ id: 9, state: 'canceled' })));
    await waitFor(() => expect(result.current.tabs?.canceled).toBe(7));
    await waitFor(() => expect(result.current.topBar?.canceled_24h).toBe(7));
    expect(api.calls('GET /api/dispatcher-orders/statistics')).toHaveLength(2);
    expect(api.calls('GET /api/dispatcher-orders/live-statistics')).toHaveLength(2);
  });

  it("refetch together after a new order: 'Comenzi 24h' does not lag", async () => {
    const { server, api, queryClient, result } = renderCounters();
    await waitFor(() => expect(result.current.topBar?.orders_24h).toBe(20));

    server.live = 4;
    server.orders_24h = 21;
    act(() => applyOrderUpdate(queryClient, buildOrder({ id: 10, state: 'created' })));
    await waitFor(() => expect(result.current.topBar?.orders_24h).toBe(21));
    expect(result.current.tabs?.live).toBe(4);

    // A write whose answer is not the order (a duplicate), or the server's stream reset.
    server.orders_24h = 22;
    act(() => invalidateOrderLists(queryClient));
    await waitFor(() => expect(result.current.topBar?.orders_24h).toBe(22));
    expect(api.calls('GET /api/dispatcher-orders/statistics')).toHaveLength(3);
  });
});
