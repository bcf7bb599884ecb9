import type { LoggedUser } from '@common/auth/auth.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { fillQuickForm } from '../../../test/quick-form';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

// The first render loads the lazy route chunks.
const LAZY = { timeout: 5000 };

const logIn = (user: LoggedUser = dispatcher) => {
  session.setToken('tok');
  session.setUser(user);
};

const page = (orders: ReturnType<typeof buildOrder>[]) => ({
  data: orders,
  meta: { total: orders.length, page: 1, per_page: 50 },
});

const consoleRoutes = {
  'GET /api/dispatcher-orders/statistics': () =>
    json(200, { in_call: 2, live: 5, finished: 9, canceled: 1 }),
  'GET /api/dispatcher-orders/live-statistics': () =>
    json(200, {
      orders_24h: 40,
      canceled_24h: 3,
      drivers_online: 12,
      drivers_busy: 5,
      drivers_free: 7,
    }),
  'GET /api/dispatcher-orders/in-call': () => json(200, page([])),
  'GET /api/dispatcher-orders/live': () =>
    json(200, page([buildOrder({ id: 31, dispatcher_id: 99 }), buildOrder({ id: 32 })])),
  'GET /api/services': () => json(200, [{ id: 1, name: 'Standard' }]),
  'GET /api/order-options': () => json(200, []),
  'GET /api/orders/31': () =>
    json(
      200,
      buildOrder({
        id: 31,
        state: 'canceled',
        cancellation_reason_type: 'no_drivers_found',
        cost: 2550,
        cost_source: 'estimate',
      }),
    ),
  'GET /api/order-history/31': () => json(200, []),
};

describe('operator dashboard (/operator)', () => {
  it('opens a new order, shows the counters, the live statistics and the in-call empty state', async () => {
    logIn();
    stubFetch(consoleRoutes);
    const router = renderApp('/operator');
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/0'), LAZY);
    expect(await screen.findByTestId('order-form', {}, LAZY)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tab-count-in-call').textContent).toBe('2'));
    expect(screen.getByTestId('tab-count-live').textContent).toBe('5');
    expect(screen.getByTestId('tab-count-finished').textContent).toBe('9');
    expect(screen.getByTestId('tab-count-canceled').textContent).toBe('1');
    expect((await screen.findByTestId('stat-orders-24h')).textContent).toBe('40');
    expect(screen.getByTestId('stat-drivers-free').textContent).toBe('7');
    expect((await screen.findByTestId('order-table-in-call-empty')).textContent).toBe(
      'Bravo, nu ai niciun client în așteptare!',
    );
    expect(screen.getByTestId('menu-/operator')).toBeTruthy();
  });

  it('searches a tab, lists own orders first and opens the side panel from a row', async () => {
    logIn();
    const api = stubFetch(consoleRoutes);
    const router = renderApp('/operator/order/0');
    fireEvent.click(await screen.findByTestId('tab-live', {}, LAZY));
    await screen.findByTestId('order-row-31');
    const rows = screen.getAllByTestId(/^order-row-/).map((row) => row.dataset.testid);
    expect(rows).toEqual(['order-row-32', 'order-row-31']);

    fireEvent.change(screen.getByTestId('tab-search-live'), { target: { value: 'B 17' } });
    await waitFor(() =>
      expect(
        api.calls('GET /api/dispatcher-orders/live').some((r) => r.query.get('search') === 'B 17'),
      ).toBe(true),
    );

    fireEvent.click(screen.getByTestId('order-row-31'));
    await waitFor(() => expect(router.state.location.search).toBe('?panel=31'));
    const panel = await screen.findByTestId('panel-state');
    expect(panel.textContent).toBe('Anulat');
    expect(screen.getByTestId('panel-cancel-reason').textContent).toBe('Șoferii nu au fost găsiți');
    expect(screen.getByTestId('order-cost').textContent).toBe('25,50 RON estimat');
    expect(screen.getByTestId('panel-tab-timeline')).toBeTruthy();
    // 'Istoric client' only when a driver exists.
    expect(screen.queryByTestId('panel-tab-client')).toBeNull();
  });

  it('opens the call-sign search with F6', async () => {
    logIn();
    stubFetch({
      ...consoleRoutes,
      'GET /api/users': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 30 } }),
    });
    renderApp('/operator/order/0');
    await screen.findByTestId('order-form', {}, LAZY);
    await act(async () => fireEvent.keyDown(window, { key: 'F6' }));
    expect(await screen.findByText('Căutare comandă după indicativ')).toBeTruthy();
  });

  it('gives a protocol client his orders without the fleet, Prioritate or blocked numbers', async () => {
    logIn({
      ...dispatcher,
      roles: ['company'],
      companies: [
        { id: 9, name: 'Protocol SRL', type: 'protocol', package_id: 1, lat: null, lng: null },
      ],
    });
    stubFetch(consoleRoutes);
    renderApp('/operator');
    expect(await screen.findByTestId('operator-topbar', undefined, LAZY)).toBeTruthy();
    expect(await screen.findByText('Comandă nouă')).toBeTruthy();
    expect(screen.getByTestId('open-callsign-search')).toBeTruthy();
    expect(screen.queryByTestId('open-priority-window')).toBeNull();
    expect(screen.queryByTestId('open-blocked-phones')).toBeNull();
    expect(screen.queryByTestId('menu-/settings/polygons')).toBeNull();
    expect(screen.queryByTestId('menu-/builder')).toBeNull();
    expect(screen.getByTestId('stat-orders-24h')).toBeTruthy();
    for (const fleetOnly of [
      'open-drivers-map',
      'open-zone-statistics',
      'stat-drivers-online',
      'order-drivers-map',
    ]) {
      expect(screen.queryByTestId(fleetOnly), fleetOnly).toBeNull();
    }
  });

  it.each([
    ['a protocol client', 'protocol', false],
    ['a dispatcher', 'dispatch', true],
  ] as const)("shows 'Blochează numărul' to %s (%s company): %s", async (_who, type, offered) => {
    logIn(
      type === 'protocol'
        ? {
            ...dispatcher,
            roles: ['company'],
            companies: [{ id: 9, name: 'Protocol SRL', type, package_id: 1, lat: null, lng: null }],
          }
        : dispatcher,
    );
    stubFetch(consoleRoutes);
    renderApp('/operator/order/31');
    const actions = await screen.findByTestId('order-form-actions', undefined, LAZY);
    await within(actions).findByText('Dublează');
    expect(within(actions).queryByText('Blochează numărul') !== null).toBe(offered);
  });

  it('blocks and unblocks numbers from the top bar', async () => {
    logIn();
    const blocked = [
      { id: 4, phone: '+40722000111', reason: 'Glume', created_at: '2030-01-01 08:00:00' },
    ];
    const api = stubFetch({
      ...consoleRoutes,
      'GET /api/blocked-phone': () => json(200, blocked),
      'POST /api/blocked-phone': () =>
        json(201, {
          id: 5,
          phone: '+40722999888',
          reason: null,
          created_at: '2030-01-01 09:00:00',
        }),
      'DELETE /api/blocked-phone/4': () => new Response(null, { status: 204 }),
    });
    renderApp('/operator/order/0');
    fireEvent.click(await screen.findByTestId('open-blocked-phones', {}, LAZY));
    const modal = await screen.findByTestId('blocked-row-4');
    expect(modal.textContent).toContain('Glume');
    fireEvent.change(screen.getByTestId('blocked-phone-input'), {
      target: { value: '0722 999 888' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('blocked-add')));
    expect(await screen.findByText('Blocat!')).toBeTruthy();
    expect(api.calls('POST /api/blocked-phone')[0]?.body).toEqual({
      phone: '0722 999 888',
      reason: null,
    });
    fireEvent.click(screen.getByTestId('blocked-delete-4'));
    expect(await screen.findByText('Remove?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-yes')));
    expect(await screen.findByText('Șters!')).toBeTruthy();
  });

  it("'Comandă nouă' over a half-typed new order starts an empty one", async () => {
    logIn();
    stubFetch(consoleRoutes);
    const router = renderApp('/operator/order/0');
    const phone = (await screen.findByTestId('order-phone', {}, LAZY)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '0722 111 222' } });
    fireEvent.change(screen.getByTestId('order-client-name'), { target: { value: 'Ion' } });
    fireEvent.click(screen.getByTestId('new-order'));
    await waitFor(() =>
      expect((screen.getByTestId('order-phone') as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByTestId('order-client-name') as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/operator/order/0');
  });
});

describe('operator v2 quick screen', () => {
  it("'-' closes the quick form, '+' opens it, Ctrl+Enter places", async () => {
    logIn();
    const api = stubFetch(consoleRoutes);
    renderApp('/operator/v2');
    expect(await screen.findByTestId('quick-order-form', {}, LAZY)).toBeTruthy();
    expect(screen.getByPlaceholderText('Observații ...')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '-' });
    await waitFor(() => expect(screen.queryByTestId('quick-order-form')).toBeNull());
    fireEvent.keyDown(document.body, { key: '+' });
    const form = await screen.findByTestId('quick-order-form');
    // Ctrl+Enter on an empty form: validation, no request.
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    expect(within(form).getByText('Telefonul este obligatoriu.')).toBeTruthy();
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it("lists the company's protocol clients, enabled only with 'Protocol?', and places with one", async () => {
    // A plain dispatcher: the protocol companies are the taxi company's clients, fetched.
    logIn();
    const api = stubFetch({
      ...consoleRoutes,
      'GET /api/protocol-companies': () =>
        json(200, { data: [{ id: 9, name: 'Protocol Corporate SRL' }] }),
      ...onePlaceRoutes,
      'POST /api/orders': () => json(201, buildOrder({ id: 70 })),
    });
    renderApp('/operator/v2');
    const company = (await screen.findByTestId(
      'quick-protocol-company',
      {},
      LAZY,
    )) as HTMLInputElement;
    expect(company.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('quick-protocol-toggle'));
    await waitFor(() => expect(company.disabled).toBe(false));
    fireEvent.click(company);
    fireEvent.click(await screen.findByRole('option', { name: 'Protocol Corporate SRL' }));
    await waitFor(() => expect(company.value).toBe('Protocol Corporate SRL'));

    await fillQuickForm();
    await act(async () => fireEvent.click(screen.getByTestId('quick-submit')));
    await waitFor(() => expect(api.calls('POST /api/orders')).toHaveLength(1));
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({
      payment_type: 'protocol',
      protocol_company_id: 9,
    });
  });
});

describe('delivery (packages 2 and 3)', () => {
  const courier: LoggedUser = {
    ...dispatcher,
    roles: ['company'],
    companies: [
      { id: 3, name: 'Curier Rapid', type: 'courier', package_id: 2, lat: 47.15, lng: 27.6 },
    ],
  };

  it("shows 'Comenzi' in the POS menu and lists /orders/all with GET /api/orders", async () => {
    logIn(courier);
    const api = stubFetch({
      ...consoleRoutes,
      'GET /api/orders': () =>
        json(200, { data: [buildOrder({ id: 50 })], meta: { total: 1, page: 1, per_page: 15 } }),
    });
    renderApp('/orders/all');
    expect(await screen.findByTestId('order-row-50', {}, LAZY)).toBeTruthy();
    expect(screen.getByTestId('menu-/orders/all')).toBeTruthy();
    expect(screen.queryByTestId('menu-/operator')).toBeNull();
    const query = api.calls('GET /api/orders')[0]?.query;
    expect(query?.get('states')).toBe('created,pending,assigned,finished,canceled');
    expect(query?.get('per_page')).toBe('15');
    expect(screen.getByTestId('order-link-50').getAttribute('href')).toBe('/delivery/order/50');
  });

  it('starts a delivery with pickup A at the company and couriers in the labels', async () => {
    logIn(courier);
    stubFetch(consoleRoutes);
    renderApp('/delivery/order/0');
    const pickup = (await screen.findByTestId('place-A-address', {}, LAZY)) as HTMLInputElement;
    expect(pickup.value).toBe('Curier Rapid');
    expect(screen.getByTestId('place-B-address')).toBeTruthy();
    expect((await screen.findByTestId('live-statistics')).textContent).toContain('Curieri online');
  });
});
