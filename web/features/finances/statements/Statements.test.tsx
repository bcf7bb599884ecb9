import type { LoggedUser } from '@common/auth/auth.schema';
import type { Statement, StatementClients } from '@common/money/statements.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StatementPage from '../../../pages/StatementPage';
import StatementsPage from '../../../pages/StatementsPage';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { currentMonth } from './months';

afterEach(() => {
  vi.unstubAllGlobals();
});

const protocolUser: LoggedUser = {
  ...dispatcher,
  id: 30,
  roles: ['company'],
  companies: [
    { id: 9, name: 'Protocol SRL', type: 'protocol', package_id: 1, lat: null, lng: null },
  ],
};

const clients: StatementClients = {
  month: '2026-11',
  company_id: 1,
  clients: [
    { company_id: 12, name: 'Alt Client', cui: null, rides: 0, cost: 0, discount: 0, billed: 0 },
    {
      company_id: 9,
      name: 'Protocol SRL',
      cui: '123456',
      rides: 2,
      cost: 6_249,
      discount: 250,
      billed: 5_999,
    },
  ],
  totals: { rides: 2, cost: 6_249, discount: 250, billed: 5_999 },
};

const statement: Statement = {
  month: '2026-11',
  company: { id: 1, name: 'Taxi Nord', cui: '998877', address: 'Iași' },
  client: { id: 9, name: 'Protocol SRL', cui: '123456', address: null },
  rides: [
    {
      order_id: 501,
      // 02.11.2026 10:15 in Bucharest.
      finished_at: '2026-11-02 08:15:00',
      passenger: 'Ana Ionescu',
      phone: '+40744000111',
      pickup: 'Strada Lăpușneanu 10',
      destination: 'Aeroport Iași',
      car_indicativ: '101',
      ordered_by: 'Ana Pop',
      payment_type: 'protocol',
      cost: 4_250,
      discount: 250,
      billed: 4_000,
    },
    {
      order_id: 502,
      finished_at: '2026-11-03 16:40:00',
      passenger: null,
      phone: '+40744000222',
      pickup: 'Palas',
      destination: null,
      car_indicativ: null,
      ordered_by: null,
      payment_type: 'protocol',
      cost: 1_999,
      discount: 0,
      billed: 1_999,
    },
  ],
  totals: { rides: 2, cost: 6_249, discount: 250, billed: 5_999 },
};

describe('/finances/statements: protocol statements', () => {
  it("lists the fleet's clients with the month's sums, each a link to its statement in that month", async () => {
    const api = stubFetch({ 'GET /api/protocol-statements': () => json(200, clients) });
    renderUi(<StatementsPage />, {
      user: dispatcher,
      path: '/finances/statements?month=2026-11',
      route: '/finances/statements',
    });
    const row = await screen.findByTestId('statement-client-9');
    expect(row.textContent).toContain('62,49 RON');
    expect(row.textContent).toContain('59,99 RON');
    expect(within(row).getByRole('link', { name: 'Protocol SRL' }).getAttribute('href')).toBe(
      '/finances/statements/9?month=2026-11',
    );
    expect(screen.getByTestId('statement-clients-total').textContent).toContain('59,99 RON');
    expect(api.calls('GET /api/protocol-statements')[0]?.query.get('month')).toBe('2026-11');
  });

  it('opens on the current Bucharest month when the URL names none', async () => {
    const api = stubFetch({ 'GET /api/protocol-statements': () => json(200, clients) });
    renderUi(<StatementsPage />, {
      user: dispatcher,
      path: '/finances/statements',
      route: '/finances/statements',
    });
    await screen.findByTestId('statement-client-9');
    expect(api.calls('GET /api/protocol-statements')[0]?.query.get('month')).toBe(currentMonth());
  });

  it("shows a client's rides on the Bucharest clock with their sums, and downloads it as XLSX with the session's token", async () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = stubFetch({
      'GET /api/protocol-statements/9': () => json(200, statement),
      'GET /api/protocol-statements/9/export': () =>
        new Response('xlsx-bytes', {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="decont_Protocol_SRL_2026-11.xlsx"',
          },
        }),
    });
    renderUi(<StatementPage />, {
      user: dispatcher,
      path: '/finances/statements/9?month=2026-11',
      route: '/finances/statements/:clientId',
    });
    const first = await screen.findByTestId('statement-ride-501');
    expect(first.textContent).toContain('02.11.2026 10:15');
    expect(first.textContent).toContain('Strada Lăpușneanu 10 → Aeroport Iași');
    expect(first.textContent).toContain('42,50 RON');
    expect(first.textContent).toContain('40,00 RON');
    expect(screen.getByTestId('statement-total').textContent).toContain('2 curse');
    expect(screen.getByTestId('statement-total').textContent).toContain('59,99 RON');
    expect(screen.getByText(/Furnizor:/).textContent).toContain('CUI 998877');
    expect(screen.getByRole('link', { name: 'Toți clienții' }).getAttribute('href')).toBe(
      '/finances/statements?month=2026-11',
    );

    fireEvent.click(screen.getByTestId('statement-download-xlsx'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const [download] = api.calls('GET /api/protocol-statements/9/export');
    expect(download?.query.get('format')).toBe('xlsx');
    expect(download?.query.get('month')).toBe('2026-11');
    expect(download?.headers.Authorization).toBe('Bearer tok');
  });

  it("shows a protocol user his own company's statement, and a refused download's message", async () => {
    stubFetch({
      'GET /api/protocol-statements/9': () => json(200, statement),
      'GET /api/protocol-statements/9/export': () =>
        json(404, { message: 'Compania nu a fost găsită.', code: 'not_found' }),
    });
    renderUi(<StatementsPage />, {
      user: protocolUser,
      path: '/finances/statements?month=2026-11',
      route: '/finances/statements',
    });
    await screen.findByTestId('statement-ride-502');
    expect(screen.queryByRole('link', { name: 'Toți clienții' })).toBeNull();
    fireEvent.click(screen.getByTestId('statement-download-csv'));
    expect(await screen.findByText('Compania nu a fost găsită.')).toBeTruthy();
  });
});
