import type { OrdersReportPage, ReportOrderRow } from '@common/reports/orders-report.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { OrdersReportScreen } from './OrdersReportScreen';

afterEach(() => vi.unstubAllGlobals());

const row = (overrides: Partial<ReportOrderRow> = {}): ReportOrderRow => ({
  orderId: 501,
  callDuration: 75,
  // 02.11.2026 10:15 in Bucharest.
  orderDate: '2026-11-02 08:15:00',
  placeName: 'Strada Lăpușneanu 10',
  state: 'finished',
  indicativ: '101',
  client_name: 'Ana Ionescu',
  phone: '+40744000111',
  fare: 3_250,
  payment_type: 'cash',
  dispatcher: 'Ana Pop',
  source: 'from_call',
  time_to_assign: 42,
  time_to_pickup: 480,
  ...overrides,
});

const page = (rows: ReportOrderRow[], total = rows.length): OrdersReportPage => ({
  data: rows,
  meta: { total, page: 1, per_page: 15 },
  totals: { orders: total, finished: 20, canceled: 3, fare: 123_450 },
});

function renderReport(path = '/reports/orders') {
  const api = stubFetch({
    'GET /api/reports/orders': () =>
      json(
        200,
        page([row(), row({ orderId: 502, fare: null, callDuration: null, state: 'canceled' })], 31),
      ),
    'GET /api/users': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 100 } }),
  });
  const utils = renderUi(<OrdersReportScreen />, {
    user: dispatcher,
    path,
    route: '/reports/orders',
  });
  return { api, ...utils };
}

describe('/reports/orders: the orders report', () => {
  it('shows each order’s row on the Bucharest clock with its measures, and the totals of the whole set', async () => {
    const { api } = renderReport();
    const first = await screen.findByTestId('report-row-501');
    expect(first.textContent).toContain('02.11.2026 10:15');
    expect(first.textContent).toContain('01:15');
    expect(first.textContent).toContain('32,50 RON');
    expect(first.textContent).toContain('00:42');
    expect(first.textContent).toContain('08:00');
    expect(within(screen.getByTestId('report-row-502')).getByText('Anulat')).toBeTruthy();
    expect(screen.getByTestId('report-totals').textContent).toContain('1.234,50 RON');
    expect(screen.getByText('31 în total')).toBeTruthy();
    const query = api.calls('GET /api/reports/orders')[0]?.query;
    expect(query?.get('per_page')).toBe('15');
    expect(query?.get('sort')).toBe('orderDate');
  });

  it('reads its filters and sort from the URL, and a heading click sorts by that column', async () => {
    const { api, router } = renderReport(
      '/reports/orders?date_from=2026-11-01&date_to=2026-11-30&states=finished,canceled&source=from_app&page=2',
    );
    await screen.findByTestId('report-row-501');
    const first = api.calls('GET /api/reports/orders')[0]?.query;
    expect(first?.get('date_from')).toBe('2026-11-01');
    expect(first?.get('states')).toBe('finished,canceled');
    expect(first?.get('source')).toBe('from_app');
    expect(first?.get('page')).toBe('2');
    fireEvent.click(screen.getByTestId('sort-fare'));
    await waitFor(() =>
      expect(api.calls('GET /api/reports/orders').at(-1)?.query.get('sort')).toBe('fare'),
    );
    expect(api.calls('GET /api/reports/orders').at(-1)?.query.get('dir')).toBe('desc');
    // A new sort starts at the first page; the filters stay.
    expect(router.state.location.search).toContain('sort=fare');
    expect(router.state.location.search).not.toContain('page=');
    expect(router.state.location.search).toContain('date_from=2026-11-01');
    fireEvent.click(screen.getByTestId('sort-fare'));
    await waitFor(() =>
      expect(api.calls('GET /api/reports/orders').at(-1)?.query.get('dir')).toBe('asc'),
    );
  });

  it('applies the typed filters only on ‘Aplică’, and exports exactly the applied ones', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = renderReport('/reports/orders?payment_method=card');
    await screen.findByTestId('report-row-501');
    fireEvent.change(screen.getByTestId('search-date-from'), { target: { value: '01.11.2026' } });
    expect(api.calls('GET /api/reports/orders')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('report-apply'));
    await waitFor(() =>
      expect(api.calls('GET /api/reports/orders').at(-1)?.query.get('date_from')).toBe(
        '2026-11-01',
      ),
    );
    const files = stubFetch({
      'GET /api/reports/orders/export': () =>
        new Response('bytes', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="comenzi_2026-11-01_azi.xlsx"' },
        }),
    });
    fireEvent.click(screen.getByTestId('report-download-xlsx'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const sent = files.calls('GET /api/reports/orders/export')[0]?.query;
    expect(sent?.get('format')).toBe('xlsx');
    expect(sent?.get('date_from')).toBe('2026-11-01');
    expect(sent?.get('payment_method')).toBe('card');
    expect(sent?.has('page')).toBe(false);
  });

  it('shows a refused export’s reason', async () => {
    renderReport();
    await screen.findByTestId('report-row-501');
    stubFetch({
      'GET /api/reports/orders/export': () =>
        json(429, {
          message: 'Un export este deja în curs. Așteptați să se termine.',
          code: 'too_many_requests',
        }),
    });
    fireEvent.click(screen.getByTestId('report-download-csv'));
    expect(
      await screen.findByText('Un export este deja în curs. Așteptați să se termine.'),
    ).toBeTruthy();
  });
});
