import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { LedgerHistoryScreen } from './LedgerHistoryScreen';
import {
  balancePage,
  balanceRow,
  entriesPage,
  ledgerEntry,
  manager,
} from './testing/ledger-fixtures';

afterEach(() => vi.unstubAllGlobals());

const ENTRIES = [
  ledgerEntry({
    id: 3,
    kind: 'commission',
    amount: -1250,
    balance_after: 5000,
    order_id: 900,
    created_by_name: null,
  }),
  ledgerEntry({
    id: 2,
    kind: 'transfer_in',
    amount: 1000,
    balance_after: 6250,
    transfer_id: 7,
    counterpart_id: 42,
    counterpart_name: 'Vasile Ene',
    note: 'datorie',
  }),
];

function renderHistory(path: string, user = manager) {
  const api = stubFetch({
    'GET /api/ledger-entries': () => json(200, entriesPage(ENTRIES, 45)),
    'GET /api/driver-balances': () => json(200, balancePage([balanceRow()])),
  });
  const utils = renderUi(<LedgerHistoryScreen />, { user, path, route: '/finances/history' });
  return { api, ...utils };
}

describe('/finances/history', () => {
  it('reads its filters from the URL, sends them and shows them', async () => {
    const { api } = renderHistory(
      '/finances/history?driver_id=41&kind=commission&date_from=2030-01-01&date_to=2030-01-31&page=2',
    );
    await screen.findByTestId('entry-3');
    const query = api.calls('GET /api/ledger-entries')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      driver_id: '41',
      kind: 'commission',
      date_from: '2030-01-01',
      date_to: '2030-01-31',
      page: '2',
      per_page: '30',
    });
    expect((screen.getByTestId('history-date-from') as HTMLInputElement).value).toBe('01.01.2030');
    expect((screen.getByTestId('history-date-to') as HTMLInputElement).value).toBe('31.01.2030');
    expect((screen.getByTestId('history-kind') as HTMLInputElement).value).toBe('Comision');
    await waitFor(() =>
      expect((screen.getByTestId('history-driver') as HTMLInputElement).value).toBe(
        '101 · Ion Popescu',
      ),
    );
    // The chosen driver's label in the box is no search (past the picker's 500 ms debounce).
    await new Promise((resolve) => setTimeout(resolve, 700));
    const searches = api.calls('GET /api/driver-balances').map((r) => r.query.get('search'));
    expect(searches.filter((search) => search !== null)).toEqual([]);
  });

  it('leaves out what the URL does not name, and ignores what is not a filter', async () => {
    const { api } = renderHistory('/finances/history?driver_id=abc&kind=gift&date_from=1.1.2030');
    await screen.findByTestId('entry-3');
    const query = api.calls('GET /api/ledger-entries')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ page: '1', per_page: '30' });
  });

  it('shows each entry: signed amount, balance after, kind, order, counterpart, who and note', async () => {
    renderHistory('/finances/history?driver_id=41', dispatcher);
    const commission = await screen.findByTestId('entry-3');
    expect(within(commission).getByTestId('entry-amount-3').textContent).toBe('-12,50 RON');
    expect(within(commission).getByTestId('entry-amount-3').getAttribute('style')).toContain('red');
    expect(commission.textContent).toContain('Comision');
    expect(commission.textContent).toContain('50,00 RON');
    expect(commission.textContent).toContain('Sistem');
    expect(commission.textContent).toContain('101 · Ion Popescu');
    expect(commission.textContent).toMatch(/\d{2}\.\d{2}\.2030 \d{2}:\d{2}/);
    expect(within(commission).getByRole('link', { name: '#900' }).getAttribute('href')).toBe(
      '/operator/order/900',
    );

    const transfer = screen.getByTestId('entry-2');
    expect(within(transfer).getByTestId('entry-amount-2').textContent).toBe('+10,00 RON');
    expect(within(transfer).getByTestId('entry-amount-2').getAttribute('style')).toContain('green');
    expect(transfer.textContent).toContain('Transfer primit');
    expect(transfer.textContent).toContain('Ana Pop');
    expect(transfer.textContent).toContain('datorie');
    expect(within(transfer).getByRole('link', { name: 'Vasile Ene' }).getAttribute('href')).toBe(
      '/finances/history?driver_id=42',
    );
    expect(screen.getByText('45 în total')).toBeTruthy();
  });

  it('keeps a changed filter in the URL and goes back to the first page', async () => {
    const { api, router } = renderHistory('/finances/history?driver_id=41&page=2');
    await screen.findByTestId('entry-3');
    fireEvent.click(screen.getByTestId('history-kind'));
    fireEvent.click(await screen.findByRole('option', { name: 'Depunere' }));
    await waitFor(() => expect(router.state.location.search).toBe('?driver_id=41&kind=top_up'));
    await waitFor(() =>
      expect(api.calls('GET /api/ledger-entries').at(-1)?.query.get('kind')).toBe('top_up'),
    );
    expect(api.calls('GET /api/ledger-entries').at(-1)?.query.get('page')).toBe('1');

    const from = screen.getByTestId('history-date-from');
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '05.01.2030' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?driver_id=41&kind=top_up&date_from=2030-01-05'),
    );
    await waitFor(() =>
      expect(api.calls('GET /api/ledger-entries').at(-1)?.query.get('date_from')).toBe(
        '2030-01-05',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
  });

  it('picks a driver with the picker into the URL', async () => {
    const { router } = renderHistory('/finances/history');
    await screen.findByTestId('entry-3');
    fireEvent.click(screen.getByTestId('history-driver'));
    fireEvent.click(await screen.findByRole('option', { name: /Ion Popescu/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?driver_id=41'));
  });
});

describe('/finances/history: the export', () => {
  it('downloads exactly the filtered entries, every page of them', async () => {
    const createObjectURL = vi.fn(() => 'blob:history');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderHistory('/finances/history?driver_id=41&kind=commission&date_from=2030-01-01&page=2');
    await screen.findByTestId('entry-3');
    const files = stubFetch({
      'GET /api/ledger-entries/export': () =>
        new Response('bytes', {
          status: 200,
          headers: {
            'Content-Disposition': 'attachment; filename="istoric_sold_2030-01-01_azi.csv"',
          },
        }),
    });
    fireEvent.click(screen.getByTestId('history-download-csv'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const sent = files.calls('GET /api/ledger-entries/export')[0]?.query;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      driver_id: '41',
      kind: 'commission',
      date_from: '2030-01-01',
      format: 'csv',
    });
  });
});
