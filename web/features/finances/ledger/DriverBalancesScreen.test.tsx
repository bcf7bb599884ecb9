import type { LoggedUser } from '@common/auth/auth.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { DriverBalancesScreen } from './DriverBalancesScreen';
import { balancePage, balanceRow, ledgerEntry, manager } from './testing/ledger-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

const ROWS = [
  balanceRow({
    driver_id: 42,
    indicativ: '102',
    name: 'Vasile Ene',
    balance: -7500,
    below_min: true,
    is_online: false,
  }),
  balanceRow({ driver_id: 41, indicativ: '101', name: 'Ion Popescu', balance: 1250 }),
];

function renderBalances(user: LoggedUser = manager, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/driver-balances': () => json(200, balancePage(ROWS, -5000, 31)),
    ...routes,
  });
  const utils = renderUi(<DriverBalancesScreen />, {
    user,
    path: '/finances/sold',
    route: '/finances/sold',
  });
  return { api, ...utils };
}

describe('/finances/sold: the drivers’ balances', () => {
  it('lists the balances in RON, red below zero, marks those below the minimum and names it', async () => {
    const { api } = renderBalances();
    const low = await screen.findByTestId('balance-row-42');
    expect(screen.getByTestId('balance-41').textContent).toBe('12,50 RON');
    expect(screen.getByTestId('balance-42').textContent).toBe('-75,00 RON');
    expect(screen.getByTestId('balance-42').getAttribute('style')).toContain('red');
    expect(screen.getByTestId('balance-41').getAttribute('style') ?? '').not.toContain('red');
    expect(within(low).getByTestId('below-min').textContent).toBe('sub minim');
    expect(within(screen.getByTestId('balance-row-41')).queryByTestId('below-min')).toBeNull();
    expect(within(low).getByLabelText('offline')).toBeTruthy();
    expect(screen.getByTestId('balance-row-41').textContent).toMatch(
      /\d{2}\.\d{2}\.2030 \d{2}:\d{2}/,
    );
    expect(screen.getByTestId('balances-legend').textContent).toContain('-50,00 RON');
    expect(screen.getByText('31 în total')).toBeTruthy();
    // The server sorts: the rows keep its order.
    const order = screen.getAllByTestId(/^balance-row-/).map((row) => row.dataset.testid);
    expect(order).toEqual(['balance-row-42', 'balance-row-41']);
    expect(api.calls('GET /api/driver-balances')[0]?.query.get('per_page')).toBe('30');
    expect(within(low).getByTestId('history-42').getAttribute('href')).toBe(
      '/finances/history?driver_id=42',
    );
  });

  it('sends the search, the below-minimum filter and the page as query parameters', async () => {
    const { api } = renderBalances();
    await screen.findByTestId('balance-row-41');
    fireEvent.click(screen.getByTestId('balances-below-min'));
    await waitFor(() =>
      expect(api.calls('GET /api/driver-balances').at(-1)?.query.get('below_min')).toBe('true'),
    );
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(api.calls('GET /api/driver-balances').at(-1)?.query.get('page')).toBe('2'),
    );
    fireEvent.change(screen.getByTestId('balances-search'), { target: { value: ' 102 ' } });
    await waitFor(() => {
      const last = api.calls('GET /api/driver-balances').at(-1)?.query;
      expect(last?.get('search')).toBe('102');
      expect(last?.get('page')).toBe('1');
      expect(last?.get('below_min')).toBe('true');
    });
  });

  it('records a top-up in bani under an Idempotency-Key, toasts and reads the list again', async () => {
    const { api } = renderBalances(manager, {
      'POST /api/ledger/top-ups': (request) =>
        json(201, ledgerEntry({ amount: (request.body as { amount: number }).amount })),
    });
    await screen.findByTestId('balance-row-41');
    const before = api.calls('GET /api/driver-balances').length;
    fireEvent.click(screen.getByTestId('top-up-41'));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(/Depunere · 101 · Ion Popescu/)).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('cash-movement-amount'), {
      target: { value: '50,5' },
    });
    expect(within(modal).getByTestId('cash-movement-after').textContent).toContain('63,00 RON');
    fireEvent.change(within(modal).getByTestId('cash-movement-note'), {
      target: { value: ' la birou ' },
    });
    fireEvent.click(within(modal).getByTestId('cash-movement-submit'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    const [post] = api.calls('POST /api/ledger/top-ups');
    expect(post?.body).toEqual({ driver_id: 41, amount: 5050, note: 'la birou' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(api.calls('GET /api/driver-balances').length).toBeGreaterThan(before),
    );
  });

  it('keeps one Idempotency-Key per opening and shows a 422 on its field', async () => {
    const { api } = renderBalances(manager, {
      'POST /api/ledger/payouts': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation_failed',
          errors: { amount: ['Sold insuficient.'] },
        }),
    });
    await screen.findByTestId('balance-row-41');
    fireEvent.click(screen.getByTestId('payout-41'));
    const modal = await screen.findByRole('dialog');
    const amount = within(modal).getByTestId('cash-movement-amount');

    fireEvent.change(amount, { target: { value: 'mult' } });
    fireEvent.click(within(modal).getByTestId('cash-movement-submit'));
    expect(within(modal).getByText('Introduceți o sumă, de ex. 2,80')).toBeTruthy();
    expect(api.calls('POST /api/ledger/payouts')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(within(modal).getByTestId('cash-movement-submit'));
    expect(await within(modal).findByText('Sold insuficient.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(modal).getByTestId('cash-movement-submit'));
    await waitFor(() => expect(api.calls('POST /api/ledger/payouts')).toHaveLength(2));
    const [first, second] = api.calls('POST /api/ledger/payouts');
    expect(first?.body).toEqual({ driver_id: 41, amount: 2000, note: null });
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);

    // Another opening: another key.
    await act(async () => fireEvent.click(within(modal).getByText('Renunță')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('payout-41'));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByTestId('cash-movement-amount'), {
      target: { value: '20' },
    });
    fireEvent.click(within(again).getByTestId('cash-movement-submit'));
    await waitFor(() => expect(api.calls('POST /api/ledger/payouts')).toHaveLength(3));
    expect(api.calls('POST /api/ledger/payouts')[2]?.headers['Idempotency-Key']).not.toBe(
      first?.headers['Idempotency-Key'],
    );
  });

  it('offers a dispatcher no Depunere or Plată, only the history', async () => {
    renderBalances(dispatcher);
    const row = await screen.findByTestId('balance-row-41');
    expect(within(row).queryByText('Depunere')).toBeNull();
    expect(within(row).queryByText('Plată')).toBeNull();
    expect(within(row).getByTestId('history-41')).toBeTruthy();
  });
});
