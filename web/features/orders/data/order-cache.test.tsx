import type { Order } from '@common/orders/orders.schema';
import type { OrderCanceledPayload } from '@common/realtime/events';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOrderUpdate, type OrderPage } from '../../../lib/orders/order-cache';
import { orderKeys } from '../../../lib/orders/order-keys';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { OrderHistoryList } from '../panel/OrderHistoryList';
import { bindOrderEvents } from './order-events';

const page = (orders: Order[]): OrderPage => ({
  data: orders,
  meta: { total: orders.length, page: 1, per_page: 50 },
});

function cacheWith(entries: [readonly unknown[], unknown][]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, value] of entries) client.setQueryData(key, value);
  return client;
}

const ids = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<OrderPage>(key)?.data.map((o) => `${o.id}:${o.state}`);

describe('realtime cache updates', () => {
  it('replaces the order in the tab that still holds it and in its detail', () => {
    const before = buildOrder({ id: 1, state: 'created' });
    const after = { ...before, state: 'assigned' as const, updated_at: '2030-01-01 08:01:00' };
    const client = cacheWith([[orderKeys.tab('live', ''), page([before, buildOrder({ id: 2 })])]]);
    applyOrderUpdate(client, after);
    expect(ids(client, orderKeys.tab('live', ''))).toEqual(['1:assigned', '2:created']);
    expect(client.getQueryData<Order>(orderKeys.detail(1))?.state).toBe('assigned');
  });

  it('drops the order from a tab it left and refetches the tab it joined and the counters', () => {
    const before = buildOrder({ id: 1, state: 'assigned' });
    const after = { ...before, state: 'finished' as const, updated_at: '2030-01-01 09:00:00' };
    const client = cacheWith([
      [orderKeys.tab('live', ''), page([before])],
      [orderKeys.tab('finished', ''), page([])],
      [orderKeys.statistics, { in_call: 0, live: 1, finished: 0, canceled: 0 }],
    ]);
    applyOrderUpdate(client, after);
    expect(ids(client, orderKeys.tab('live', ''))).toEqual([]);
    expect(client.getQueryData<OrderPage>(orderKeys.tab('live', ''))?.meta.total).toBe(0);
    expect(client.getQueryState(orderKeys.tab('finished', ''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderKeys.statistics)?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderKeys.tab('live', ''))?.isInvalidated).toBe(false);
  });

  it('ignores an older copy arriving late (updated_at)', () => {
    const newer = buildOrder({ id: 1, state: 'assigned', updated_at: '2030-01-01 09:00:00' });
    const older = buildOrder({ id: 1, state: 'created', updated_at: '2030-01-01 08:00:00' });
    const client = cacheWith([
      [orderKeys.detail(1), newer],
      [orderKeys.tab('live', ''), page([newer])],
    ]);
    applyOrderUpdate(client, older);
    expect(client.getQueryData<Order>(orderKeys.detail(1))?.state).toBe('assigned');
    expect(ids(client, orderKeys.tab('live', ''))).toEqual(['1:assigned']);
  });

  it('patches the GET /api/orders lists in place', () => {
    const before = buildOrder({ id: 3, client_name: 'A' });
    const client = cacheWith([[orderKeys.list({ page: 1 }), page([before])]]);
    applyOrderUpdate(client, { ...before, client_name: 'B', updated_at: '2030-01-01 09:00:00' });
    expect(client.getQueryData<OrderPage>(orderKeys.list({ page: 1 }))?.data[0]?.client_name).toBe(
      'B',
    );
  });
});

// The socket's wire is the boundary here: a minimal emitter with the two calls the binding uses.
function socketWire() {
  const handlers = new Map<string, (payload: never) => void>();
  return {
    on: vi.fn((event: string, handler: (payload: never) => void) => {
      handlers.set(event, handler);
    }),
    off: vi.fn((event: string) => {
      handlers.delete(event);
    }),
    push: <T,>(event: string, payload: T) => handlers.get(event)?.(payload as never),
    handlers,
  };
}

describe('order socket events', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes order_updated and order_canceled into the cache and unbinds', () => {
    const wire = socketWire();
    const client = cacheWith([[orderKeys.tab('live', ''), page([buildOrder({ id: 1 })])]]);
    const unbind = bindOrderEvents(wire, { queryClient: client, userId: 7, openOrder: vi.fn() });
    wire.push('order_updated', {
      ...buildOrder({ id: 1, state: 'assigned', updated_at: '2030-01-01 08:05:00' }),
      seq: 10,
    });
    expect(ids(client, orderKeys.tab('live', ''))).toEqual(['1:assigned']);
    const canceled: OrderCanceledPayload = {
      reason: 'dispatcher_canceled',
      order: buildOrder({ id: 1, state: 'canceled', updated_at: '2030-01-01 08:06:00' }),
      seq: 11,
    };
    wire.push('order_canceled', canceled);
    expect(ids(client, orderKeys.tab('live', ''))).toEqual([]);
    unbind();
    expect(wire.handlers.size).toBe(0);
  });

  it('drops a push older than one applied, even within the same second (change numbers)', () => {
    const wire = socketWire();
    const client = cacheWith([[orderKeys.tab('live', ''), page([buildOrder({ id: 1 })])]]);
    bindOrderEvents(wire, { queryClient: client, userId: 7, openOrder: vi.fn() });
    const second = '2030-01-01 08:05:00';
    wire.push('order_updated', {
      ...buildOrder({ id: 1, state: 'assigned', updated_at: second }),
      seq: 21,
    });
    // The same second, an older change number: a late copy from another node.
    wire.push('order_updated', {
      ...buildOrder({ id: 1, state: 'created', updated_at: second }),
      seq: 20,
    });
    expect(client.getQueryData<Order>(orderKeys.detail(1))?.state).toBe('assigned');
    expect(ids(client, orderKeys.tab('live', ''))).toEqual(['1:assigned']);
  });

  it('refetches every order list when the server resets the stream (orders_reset)', () => {
    const wire = socketWire();
    const client = cacheWith([
      [orderKeys.tab('live', ''), page([buildOrder({ id: 1 })])],
      [orderKeys.list({ page: 1 }), page([buildOrder({ id: 1 })])],
    ]);
    bindOrderEvents(wire, { queryClient: client, userId: 7, openOrder: vi.fn() });
    wire.push('orders_reset', { seq: 5 });
    expect(client.getQueryState(orderKeys.tab('live', ''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderKeys.list({ page: 1 }))?.isInvalidated).toBe(true);
  });

  it("raises the 60 s 'Șoferii nu au fost găsiți' notice for an own order only", async () => {
    const wire = socketWire();
    const openOrder = vi.fn();
    const { queryClient } = renderUi(<p>console</p>);
    bindOrderEvents(wire, {
      queryClient,
      userId: 7,
      openOrder,
      orderPath: (id) => `/operator/order/${id}`,
    });
    wire.push('order_canceled', {
      reason: 'no_drivers_found',
      order: buildOrder({ id: 4, state: 'canceled', dispatcher_id: 8 }),
      seq: 1,
    });
    wire.push('order_canceled', {
      reason: 'no_drivers_found',
      order: buildOrder({ id: 5, state: 'canceled', dispatcher_id: 7 }),
      seq: 2,
    });
    const link = await screen.findByRole('link', { name: 'comanda #5' });
    expect(link.getAttribute('href')).toBe('/operator/order/5');
    expect(screen.queryByText('comanda #4')).toBeNull();
    link.click();
    expect(openOrder).toHaveBeenCalledWith(5);
  });
});

describe('order history after a push (Timeline, processing history)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("invalidates that order's history only, and not for a late older copy", () => {
    const current = buildOrder({ id: 1, updated_at: '2030-01-01 09:00:00' });
    const client = cacheWith([
      [orderKeys.detail(1), current],
      [orderKeys.history(1), []],
      [orderKeys.history(2), []],
    ]);
    applyOrderUpdate(client, { ...current, updated_at: '2030-01-01 08:00:00' });
    expect(client.getQueryState(orderKeys.history(1))?.isInvalidated).toBe(false);
    applyOrderUpdate(client, { ...current, state: 'assigned', updated_at: '2030-01-01 09:05:00' });
    expect(client.getQueryState(orderKeys.history(1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderKeys.history(2))?.isInvalidated).toBe(false);
  });

  it('refetches a shown history when order_updated arrives', async () => {
    const entries = [
      { id: 1, timestamp: '2030-01-01 08:00:05', type: 'created', initiator: 'Ana' },
    ];
    const api = stubFetch({
      'GET /api/order-history/9': () =>
        json(
          200,
          entries.map((e) => ({ ...e, details: null })),
        ),
    });
    const wire = socketWire();
    const { queryClient } = renderUi(<OrderHistoryList orderId={9} />);
    await screen.findByTestId('order-history-1');
    bindOrderEvents(wire, { queryClient, userId: 7, openOrder: vi.fn() });
    entries.push({ id: 2, timestamp: '2030-01-01 08:01:00', type: 'assigned', initiator: 'B 17' });
    wire.push(
      'order_updated',
      buildOrder({ id: 9, state: 'assigned', updated_at: '2030-01-01 08:01:00' }),
    );
    await screen.findByTestId('order-history-2');
    await waitFor(() => expect(api.calls('GET /api/order-history/9')).toHaveLength(2));
  });
});
