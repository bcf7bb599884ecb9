import { CANCEL_REASON_MESSAGES } from '@common/orders/orders.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, buildPlace, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { PICK_REASON } from '../actions/CancelReasonForm';
import { OrderTable } from './OrderTable';

// The fixtures' orders are created at 08:00:05 that day: ten minutes ago, not bookings.
beforeEach(() => vi.setSystemTime(new Date('2030-01-01T08:10:00Z')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ME = dispatcher.id;

function renderTable(
  orders: Parameters<typeof OrderTable>[0]['orders'],
  extra: Partial<Parameters<typeof OrderTable>[0]> = {},
) {
  const onOpen = vi.fn();
  const result = renderUi(
    <OrderTable
      orders={orders}
      userId={ME}
      flavour="taxi"
      emptyText="Nimic de afișat."
      onOpen={onOpen}
      {...extra}
    />,
    { user: dispatcher },
  );
  return { ...result, onOpen };
}

describe('order list', () => {
  it('shows every column of a row', async () => {
    stubFetch({});
    const call = {
      phone: '+40722111222',
      state: 'started' as const,
      started_at: '2030-01-01 08:00:00',
      ended_at: null,
    };
    renderTable(
      [
        buildOrder({
          id: 21,
          state: 'assigned',
          driver_id: 3,
          car_indicativ: 'B 17',
          waiting_driver_time: 6,
          call,
        }),
      ],
      { inCallTab: true },
    );
    const row = await screen.findByTestId('order-row-21');
    // The F-key is the softphone line's (calls/OrderTableCalls.test.tsx): no line, no label.
    expect(within(row).queryByTestId('order-hotkey-21')).toBeNull();
    expect(within(row).getByTestId('order-link-21').getAttribute('href')).toBe(
      '/operator/order/21',
    );
    expect(within(row).getByTestId('order-call-time-21').textContent).toMatch(/^\d+:\d\d(:\d\d)?$/);
    expect(within(row).getByTestId('order-phone-21').textContent).toBe('+40722111222');
    expect(within(row).getByTestId('order-callsign-21').textContent).toBe('B 17');
    expect(within(row).getByTestId('order-waiting-21').textContent).toBe('6 min');
    expect(within(row).getByTestId('order-address-21').textContent).toBe(
      'Strada Lăpușneanu 10, Iași',
    );
    expect(within(row).getByTestId('order-client-21').textContent).toBe('Ion Popescu');
    expect(within(row).getByTestId('order-sip-21').textContent).toBe('În apel');
    // Time column: HH:mm:ss local.
    expect(row.textContent).toMatch(/\d\d:\d\d:05/);
  });

  it('spins while searching, shows the reason and the retry button of an own canceled order', async () => {
    stubFetch({});
    renderTable([
      buildOrder({ id: 1, state: 'created' }),
      buildOrder({ id: 2, state: 'canceled', cancellation_reason_type: 'no_drivers_found' }),
      buildOrder({ id: 3, state: 'canceled', dispatcher_id: 99 }),
    ]);
    expect(await screen.findByTestId('order-searching-1')).toBeTruthy();
    expect(screen.getByTestId('order-cancel-reason-2').textContent).toBe(
      'Șoferii nu au fost găsiți',
    );
    expect(screen.getByTestId('order-retry-2')).toBeTruthy();
    expect(screen.queryByTestId('order-retry-3')).toBeNull();
  });

  it('truncates long addresses and asks for a missing one in the in-call tab', async () => {
    stubFetch({});
    const long = `Bulevardul Independenței ${'x'.repeat(60)}`;
    renderTable(
      [
        buildOrder({ id: 1, address: long }),
        buildOrder({ id: 2, address: null, places: [] }),
        buildOrder({ id: 3, address: null, places: [], state: 'canceled' }),
      ],
      { inCallTab: true },
    );
    expect((await screen.findByTestId('order-address-1')).textContent).toBe(
      `${long.slice(0, 55)}…`,
    );
    expect(screen.getByTestId('order-address-2').textContent).toBe('Please enter address');
    // Empty state: a canceled order's address can no longer be taken.
    expect(screen.getByTestId('order-address-3').textContent).toBe('Adresă nespecificată.');
  });

  it('keeps the whole address for the hover, cut by the spec or by the column', async () => {
    stubFetch({});
    const long = `Bulevardul Independenței ${'x'.repeat(60)}`;
    renderTable([
      buildOrder({ id: 1, address: long }),
      buildOrder({ id: 2, address: 'Strada Lăpușneanu 10, Iași' }),
    ]);
    const cut = await screen.findByTestId('order-address-1');
    expect(cut.getAttribute('title')).toBe(long);
    // A short address is not cut by the spec: its title comes only if the column cuts it.
    const short = screen.getByTestId('order-address-2');
    expect(short.getAttribute('title')).toBeNull();
    Object.defineProperty(short, 'scrollWidth', { value: 300 });
    Object.defineProperty(short, 'clientWidth', { value: 120 });
    fireEvent.mouseEnter(short);
    expect(short.getAttribute('title')).toBe('Strada Lăpușneanu 10, Iași');
  });

  it("says 'Adresă nespecificată.' for a missing address outside the in-call tab", async () => {
    stubFetch({});
    renderTable([
      buildOrder({ id: 4, address: null, places: [], state: 'created' }),
      buildOrder({ id: 5, address: null, places: [], state: 'finished' }),
    ]);
    expect((await screen.findByTestId('order-address-4')).textContent).toBe(
      'Adresă nespecificată.',
    );
    expect(screen.getByTestId('order-address-5').textContent).toBe('Adresă nespecificată.');
  });

  it('lists own orders first', async () => {
    stubFetch({});
    renderTable([
      buildOrder({ id: 1, dispatcher_id: 99 }),
      buildOrder({ id: 2, dispatcher_id: ME }),
      buildOrder({ id: 3, dispatcher_id: null }),
    ]);
    await screen.findByTestId('order-row-2');
    const order = screen.getAllByTestId(/^order-row-/).map((row) => row.dataset.testid);
    expect(order).toEqual(['order-row-2', 'order-row-1', 'order-row-3']);
    expect(screen.getByTestId('order-row-2').dataset.own).toBe('true');
  });

  it('shows the empty text when nothing is listed', async () => {
    stubFetch({});
    renderTable([], { emptyText: 'Bravo, nu ai niciun client în așteptare!', testId: 't' });
    expect((await screen.findByTestId('t-empty')).textContent).toBe(
      'Bravo, nu ai niciun client în așteptare!',
    );
  });

  it('opens the side panel on a row click, not on the id link or the name', async () => {
    stubFetch({});
    const { onOpen } = renderTable([buildOrder({ id: 5 })]);
    fireEvent.click(await screen.findByTestId('order-row-5'));
    expect(onOpen).toHaveBeenCalledWith(5);
    fireEvent.click(screen.getByTestId('order-client-5'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('edits the client name in place (PATCH update-name, toast)', async () => {
    const api = stubFetch({
      'PATCH /api/orders/5/update-name': ({ body }) =>
        json(
          200,
          buildOrder({
            id: 5,
            client_name: (body as { name: string }).name,
            updated_at: '2030-01-01 09:00:00',
          }),
        ),
    });
    renderTable([buildOrder({ id: 5, about_client: 'VIP' })]);
    fireEvent.click(await screen.findByTestId('order-client-5'));
    const input = screen.getByTestId('order-client-input-5');
    fireEvent.change(input, { target: { value: 'Maria Ionescu' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(await screen.findByText('Nume client actualizat')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/5/update-name')[0]?.body).toEqual({
      name: 'Maria Ionescu',
      about: 'VIP',
    });
  });

  it('retries through the server first and toasts', async () => {
    const api = stubFetch({
      'PATCH /api/orders/2/retry': () =>
        json(200, buildOrder({ id: 2, state: 'created', updated_at: '2030-01-01 09:00:00' })),
    });
    renderTable([buildOrder({ id: 2, state: 'canceled' })]);
    fireEvent.click(await screen.findByTestId('order-retry-2'));
    expect(await screen.findByText('Сomanda retrimisa')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/2/retry')).toHaveLength(1);
  });

  it("shows a refused transition's message (409) as an error toast", async () => {
    stubFetch({
      'PATCH /api/orders/2/retry': () =>
        json(409, { message: 'Doar comenzile proprii…', code: 'conflict' }),
    });
    renderTable([buildOrder({ id: 2, state: 'canceled' })]);
    fireEvent.click(await screen.findByTestId('order-retry-2'));
    expect(await screen.findByText('Doar comenzile proprii…')).toBeTruthy();
  });

  it('cancels after the confirmation, with the reason picked and its text', async () => {
    const api = stubFetch({
      'PATCH /api/orders/4/cancel': () =>
        json(200, buildOrder({ id: 4, state: 'canceled', updated_at: '2030-01-01 09:00:00' })),
    });
    renderTable([buildOrder({ id: 4, state: 'created', places: [buildPlace()] })]);
    fireEvent.click(await screen.findByTestId('order-actions-4'));
    fireEvent.click(await screen.findByTestId('order-action-cancel-4'));
    expect(await screen.findByText('Sigur vrei să ștergi comanda?')).toBeTruthy();
    // No reason, no cancel.
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(await screen.findByText(PICK_REASON)).toBeTruthy();
    expect(api.calls('PATCH /api/orders/4/cancel')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('cancel-reason-client_unreachable'));
    fireEvent.change(screen.getByTestId('cancel-reason-text'), {
      target: { value: 'Nu răspunde' },
    });
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(await screen.findByText('Order canceled')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/4/cancel')[0]?.body).toEqual({
      reason_type: 'client_unreachable',
      reason_text: 'Nu răspunde',
    });
  });

  it("cancels from the keyboard (a digit picks the reason, Enter), and 'Alt motiv' needs a text", async () => {
    const api = stubFetch({
      'PATCH /api/orders/4/cancel': () =>
        json(200, buildOrder({ id: 4, state: 'canceled', updated_at: '2030-01-01 09:00:00' })),
    });
    renderTable([buildOrder({ id: 4, state: 'created', places: [buildPlace()] })]);
    fireEvent.click(await screen.findByTestId('order-actions-4'));
    fireEvent.click(await screen.findByTestId('order-action-cancel-4'));
    const form = await screen.findByTestId('cancel-reason-form');
    const first = within(form).getAllByRole('radio')[0] as HTMLElement;
    fireEvent.keyDown(first, { key: '5' });
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(await screen.findByText(CANCEL_REASON_MESSAGES.textRequired)).toBeTruthy();
    fireEvent.keyDown(first, { key: '3' });
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(await screen.findByText('Order canceled')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/4/cancel')[0]?.body).toEqual({
      reason_type: 'duplicate_order',
      reason_text: null,
    });
  });

  it('duplicates with an idempotency key and opens the copy', async () => {
    const api = stubFetch({ 'POST /api/orders/4/duplicate': () => json(201, { id: 40 }) });
    const { router } = renderTable([buildOrder({ id: 4, state: 'finished' })]);
    fireEvent.click(await screen.findByTestId('order-actions-4'));
    fireEvent.click(await screen.findByTestId('order-action-duplicate-4'));
    expect(await screen.findByText('Сomanda dublicata')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/40'));
    expect(api.calls('POST /api/orders/4/duplicate')[0]?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it("asks for a driver before a manual assignment ('Please select driver')", async () => {
    stubFetch({
      'GET /api/users': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 30 } }),
    });
    renderTable([buildOrder({ id: 6, state: 'pending' })]);
    fireEvent.click(await screen.findByTestId('order-actions-6'));
    fireEvent.click(await screen.findByTestId('order-action-assign-6'));
    fireEvent.click(await screen.findByTestId('manual-assign-submit'));
    expect(await screen.findByText('Please select driver')).toBeTruthy();
  });
});
