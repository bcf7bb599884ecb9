import type { LoggedUser } from '@common/auth/auth.schema';
import type { CompanyTariffs } from '@common/money/tariffs.schema';
import type { CompanyChoice } from '@common/users/users.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DiscountPage from '../../../pages/DiscountPage';
import DiscountsPage from '../../../pages/DiscountsPage';
import DriverBalancesPage from '../../../pages/DriverBalancesPage';
import FinancesPage from '../../../pages/FinancesPage';
import LedgerHistoryPage from '../../../pages/LedgerHistoryPage';
import StatementsPage from '../../../pages/StatementsPage';
import { buildDiscount } from '../../../test/discount-fixtures';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import {
  balancePage,
  balanceRow,
  entriesPage,
  ledgerEntry,
} from '../ledger/testing/ledger-fixtures';

afterEach(() => vi.unstubAllGlobals());

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

type Company = LoggedUser['companies'][number];
const TAXI: Company = {
  id: 1,
  name: 'Taxi Nord',
  type: 'dispatch',
  package_id: 1,
  lat: null,
  lng: null,
};
const COURIER: Company = {
  id: 2,
  name: 'Curier Cluj',
  type: 'courier',
  package_id: 2,
  lat: null,
  lng: null,
};
const PROTOCOL: Company = {
  id: 3,
  name: 'Protocol SRL',
  type: 'protocol',
  package_id: 1,
  lat: null,
  lng: null,
};

/** The platform admin, himself in the taxi company (as the demo's). */
const admin: LoggedUser = { ...dispatcher, id: 1, roles: ['admin'], companies: [TAXI] };

const EVERY_COMPANY: CompanyChoice[] = [
  { id: 2, name: 'Curier Cluj', type: 'courier' },
  { id: 3, name: 'Protocol SRL', type: 'protocol' },
  { id: 1, name: 'Taxi Nord', type: 'dispatch' },
];

const companyOf = (request: StubRequest) => request.query.get('company_id');

/** Company 1 (nothing named) and company 2 priced differently, so the screen says whose. */
const tariffsOf = (companyId: number): CompanyTariffs => ({
  company_id: companyId,
  tariffs: [
    {
      service_id: null,
      service_name: null,
      start_fee: 500,
      per_km: companyId === 2 ? 350 : 280,
      per_minute: 50,
      minimum_fare: 1200,
      updated_at: '2030-01-01 08:00:00',
    },
  ],
  surcharges: [],
  zone_prices: [],
  commissions: [],
  settings: {
    accept_taximeter: false,
    min_balance: companyId === 2 ? -5000 : 0,
    allow_negative_balance: false,
  },
  zones: [{ id: companyId * 10, name: `Zona ${companyId}` }],
});

function render(ui: ReactElement, path: string, route: string, user: LoggedUser, routes: Routes) {
  const api = stubFetch({
    'GET /api/companies': () => json(200, EVERY_COMPANY),
    'GET /api/services': () => json(200, []),
    ...routes,
  });
  return { api, ...renderUi(ui, { user, path, route }) };
}

const picker = () => screen.queryByTestId('acting-company') as HTMLInputElement | null;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function pick(name: string) {
  fireEvent.click(await screen.findByTestId('acting-company'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

async function offered(): Promise<string[]> {
  fireEvent.click(await screen.findByTestId('acting-company'));
  await screen.findAllByRole('option');
  return screen.getAllByRole('option').map((option) => option.textContent ?? '');
}

describe('the money screens’ company picker', () => {
  it('is not there for a dispatcher of one company, who names no company', async () => {
    const { api } = render(<FinancesPage />, '/finances', '/finances', dispatcher, {
      'GET /api/tariffs': () => json(200, tariffsOf(1)),
    });
    await screen.findByTestId('tariffs-table');
    expect(picker()).toBeNull();
    expect(api.calls('GET /api/tariffs')[0]?.query.has('company_id')).toBe(false);
    expect(api.calls('GET /api/companies')).toHaveLength(0);
  });

  it('is not there for someone of one fleet company and its protocol client', async () => {
    const user: LoggedUser = { ...dispatcher, roles: ['manager'], companies: [TAXI, PROTOCOL] };
    render(<FinancesPage />, '/finances', '/finances', user, {
      'GET /api/tariffs': () => json(200, tariffsOf(1)),
    });
    await screen.findByTestId('tariffs-table');
    expect(picker()).toBeNull();
  });

  it('offers a manager of two fleets his own, without asking the server, and reads the picked one', async () => {
    const user: LoggedUser = {
      ...dispatcher,
      roles: ['manager'],
      companies: [TAXI, COURIER, PROTOCOL],
    };
    const { api } = render(<FinancesPage />, '/finances', '/finances', user, {
      'GET /api/tariffs': (request) => json(200, tariffsOf(companyOf(request) === '2' ? 2 : 1)),
    });
    await screen.findByTestId('tariffs-table');
    expect(picker()?.value).toBe('Taxi Nord');
    expect(await offered()).toEqual(['Taxi Nord', 'Curier Cluj']);
    fireEvent.click(screen.getByRole('option', { name: 'Curier Cluj' }));
    await waitFor(() => expect(input('tariff-0-per_km').value).toBe('3,50'));
    expect(api.calls('GET /api/tariffs').at(-1)?.query.get('company_id')).toBe('2');
    expect(api.calls('GET /api/companies')).toHaveLength(0);
  });
});

describe('a platform admin acting in another company', () => {
  it('/finances: lists every fleet company; the picked one is read, shown alone and written', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, router } = render(<FinancesPage />, '/finances', '/finances', admin, {
      'GET /api/tariffs': async (request) => {
        if (companyOf(request) !== '2') return json(200, tariffsOf(1));
        await held;
        return json(200, tariffsOf(2));
      },
      'PUT /api/finance-settings': (request) => json(200, request.body),
    });
    await screen.findByTestId('tariffs-table');
    expect(input('tariff-0-per_km').value).toBe('2,80');
    expect(api.calls('GET /api/tariffs')[0]?.query.has('company_id')).toBe(false);
    // Every company but the protocol client, by name.
    expect(await offered()).toEqual(['Curier Cluj', 'Taxi Nord']);

    fireEvent.click(screen.getByRole('option', { name: 'Curier Cluj' }));
    await waitFor(() =>
      expect(api.calls('GET /api/tariffs').at(-1)?.query.get('company_id')).toBe('2'),
    );
    expect(router.state.location.search).toBe('?company_id=2');
    // While its answer is on the way, the taxi company's tariffs are not passed off as its own.
    expect(screen.queryByTestId('tariffs-table')).toBeNull();
    release();
    await waitFor(() => expect(input('tariff-0-per_km').value).toBe('3,50'));
    expect(input('min-balance').value).toBe('-50,00');
    // A zone price joins the picked company's zones, not the admin's.
    fireEvent.click(screen.getByTestId('zone-price-from'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Zona 2']);
    fireEvent.keyDown(screen.getByTestId('zone-price-from'), { key: 'Escape' });

    fireEvent.click(screen.getByTestId('accept-taximeter'));
    await waitFor(() => expect(api.calls('PUT /api/finance-settings')).toHaveLength(1));
    expect(api.calls('PUT /api/finance-settings')[0]?.query.get('company_id')).toBe('2');

    // His own company again: the URL names none, as before the picker.
    await pick('Taxi Nord');
    await waitFor(() => expect(input('tariff-0-per_km').value).toBe('2,80'));
    expect(router.state.location.search).toBe('');
  });

  it('/finances/sold: reads the picked company’s balances, tops up there, links its history', async () => {
    const { api } = render(<DriverBalancesPage />, '/finances/sold', '/finances/sold', admin, {
      'GET /api/driver-balances': () => json(200, balancePage([balanceRow()])),
      'POST /api/ledger/top-ups': (request) =>
        json(201, ledgerEntry({ company_id: 2, ...(request.body as object) })),
    });
    await screen.findByTestId('balance-row-41');
    expect(api.calls('GET /api/driver-balances')[0]?.query.has('company_id')).toBe(false);
    expect(screen.getByTestId('history-41').getAttribute('href')).toBe(
      '/finances/history?driver_id=41',
    );

    await pick('Curier Cluj');
    await waitFor(() =>
      expect(api.calls('GET /api/driver-balances').at(-1)?.query.get('company_id')).toBe('2'),
    );
    const row = await screen.findByTestId('balance-row-41');
    expect(within(row).getByTestId('history-41').getAttribute('href')).toBe(
      '/finances/history?driver_id=41&company_id=2',
    );
    fireEvent.click(within(row).getByTestId('top-up-41'));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByTestId('cash-movement-amount'), {
      target: { value: '50' },
    });
    fireEvent.click(within(modal).getByTestId('cash-movement-submit'));
    await waitFor(() => expect(api.calls('POST /api/ledger/top-ups')).toHaveLength(1));
    const [post] = api.calls('POST /api/ledger/top-ups');
    expect(post?.query.get('company_id')).toBe('2');
    expect(post?.body).toEqual({ driver_id: 41, amount: 5000, note: null });
  });

  it('/finances/history: a filter keeps the company; another company drops the driver', async () => {
    const { api, router } = render(
      <LedgerHistoryPage />,
      '/finances/history?driver_id=41&company_id=2',
      '/finances/history',
      admin,
      {
        'GET /api/ledger-entries': () => json(200, entriesPage([ledgerEntry()])),
        'GET /api/driver-balances': () => json(200, balancePage([balanceRow()])),
      },
    );
    await screen.findByTestId('entry-1');
    const first = api.calls('GET /api/ledger-entries')[0]?.query;
    expect([first?.get('company_id'), first?.get('driver_id')]).toEqual(['2', '41']);
    expect(picker()?.value).toBe('Curier Cluj');

    fireEvent.click(screen.getByTestId('history-kind'));
    fireEvent.click(await screen.findByRole('option', { name: 'Depunere' }));
    await waitFor(() =>
      expect(api.calls('GET /api/ledger-entries').at(-1)?.query.get('kind')).toBe('top_up'),
    );
    expect(api.calls('GET /api/ledger-entries').at(-1)?.query.get('company_id')).toBe('2');

    await pick('Taxi Nord');
    await waitFor(() =>
      expect(api.calls('GET /api/ledger-entries').at(-1)?.query.has('company_id')).toBe(false),
    );
    // Company 2's driver is no filter in company 1; the kind still is.
    expect(router.state.location.search).toBe('?kind=top_up');
  });

  it('/finances/statements: lists the picked company’s protocol clients in the same month, links keep it', async () => {
    const { api, router } = render(
      <StatementsPage />,
      '/finances/statements?month=2026-11',
      '/finances/statements',
      admin,
      {
        'GET /api/protocol-statements': (request) =>
          json(200, {
            month: '2026-11',
            company_id: Number(companyOf(request) ?? 1),
            clients: [
              {
                company_id: 9,
                name: 'Client',
                cui: null,
                rides: 0,
                cost: 0,
                discount: 0,
                billed: 0,
              },
            ],
            totals: { rides: 0, cost: 0, discount: 0, billed: 0 },
          }),
      },
    );
    await screen.findByTestId('statement-client-9');
    expect(api.calls('GET /api/protocol-statements')[0]?.query.has('company_id')).toBe(false);
    await pick('Curier Cluj');
    await waitFor(() => {
      const last = api.calls('GET /api/protocol-statements').at(-1)?.query;
      expect([last?.get('company_id'), last?.get('month')]).toEqual(['2', '2026-11']);
    });
    expect(new URLSearchParams(router.state.location.search).get('month')).toBe('2026-11');
    // The client's statement needs no company; the way back to this list keeps it.
    expect(screen.getByRole('link', { name: 'Client' }).getAttribute('href')).toBe(
      '/finances/statements/9?month=2026-11&company_id=2',
    );
  });

  it('/discounts: lists the picked company’s conditions and adds a new one into it', async () => {
    const { api } = render(<DiscountsPage />, '/discounts', '/discounts', admin, {
      'GET /api/discounts': () =>
        json(200, { data: [], meta: { total: 0, page: 1, per_page: 30 } }),
    });
    await screen.findByText('Nicio reducere.');
    await pick('Curier Cluj');
    await waitFor(() =>
      expect(api.calls('GET /api/discounts').at(-1)?.query.get('company_id')).toBe('2'),
    );
    expect(screen.getByTestId('discounts-add').getAttribute('href')).toBe(
      '/discount/0?company_id=2',
    );
  });

  it('/discount/0?company_id=2: creates the condition in that company', async () => {
    const { api, router } = render(
      <DiscountPage />,
      '/discount/0?company_id=2',
      '/discount/:id',
      admin,
      {
        'GET /api/protocol-companies': () => json(200, { data: [] }),
        'POST /api/discounts': (request) =>
          json(201, buildDiscount({ id: 9, company_id: 2, ...(request.body as object) })),
        'GET /api/discounts/9': () => json(200, buildDiscount({ id: 9, company_id: 2 })),
      },
    );
    expect((await screen.findByTestId('acting-company')).getAttribute('value')).toBe('Curier Cluj');
    fireEvent.change(screen.getByTestId('discount-name'), { target: { value: 'Studenți' } });
    fireEvent.change(screen.getByTestId('discount-value'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('discount-save'));
    await waitFor(() => expect(api.calls('POST /api/discounts')).toHaveLength(1));
    expect(api.calls('POST /api/discounts')[0]?.query.get('company_id')).toBe('2');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/discount/9?company_id=2',
      ),
    );
  });
});
