import type { LoggedUser } from '@common/auth/auth.schema';
import type { CompanyTariffs } from '@common/money/tariffs.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { FinancesScreen } from '../FinancesScreen';
import { manager } from './testing/ledger-fixtures';

afterEach(() => vi.unstubAllGlobals());

const company = (): CompanyTariffs => ({
  company_id: 1,
  tariffs: [],
  surcharges: [],
  zone_prices: [],
  commissions: [
    {
      service_id: null,
      service_name: null,
      percent_bp: 1500,
      fixed: 200,
      updated_at: '2030-01-01 08:00:00',
    },
  ],
  settings: { accept_taximeter: true, min_balance: -5000, allow_negative_balance: false },
  zones: [],
});

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

function renderSettings(user: LoggedUser = manager, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/tariffs': () => json(200, company()),
    'GET /api/services': () =>
      json(200, [
        { id: 1, name: 'Standard' },
        { id: 2, name: 'Break' },
      ]),
    'GET /api/polygons': () => json(200, []),
    ...routes,
  });
  renderUi(<FinancesScreen />, { user, path: '/finances', route: '/finances' });
  return api;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/finances: commissions', () => {
  it('shows the company’s commission first, in percent and RON, and a service without one empty', async () => {
    renderSettings();
    await screen.findByTestId('commission-row-2');
    expect(screen.getByTestId('commission-row-0').textContent).toContain('Toate serviciile');
    expect(input('commission-0-percent_bp').value).toBe('15');
    expect(input('commission-0-fixed').value).toBe('2,00');
    expect(input('commission-1-percent_bp').value).toBe('');
    expect(screen.getByTestId('commission-row-1').textContent).toContain(
      'folosește comisionul pentru toate serviciile',
    );
  });

  it('saves one service’s commission: 12,5% in basis points, the fixed amount in bani', async () => {
    const api = renderSettings(manager, {
      'PUT /api/commissions/1': (request) =>
        json(200, {
          service_id: 1,
          service_name: 'Standard',
          ...(request.body as object),
          updated_at: '2030-01-02 08:00:00',
        }),
    });
    await screen.findByTestId('commission-row-1');
    type('commission-1-percent_bp', '12,5');
    type('commission-1-fixed', '1,5');
    fireEvent.click(screen.getByTestId('commission-save-1'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PUT /api/commissions/1')[0]?.body).toEqual({ percent_bp: 1250, fixed: 150 });
    await waitFor(() => expect(input('commission-1-fixed').value).toBe('1,50'));
    expect(api.calls('PUT /api/commissions/0')).toHaveLength(0);
  });

  it('refuses a percent that is not one, and shows the server’s 422 on its field', async () => {
    const api = renderSettings(manager, {
      'PUT /api/commissions/0': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation_failed',
          errors: { percent_bp: ['Cel mult 100%.'] },
        }),
    });
    await screen.findByTestId('commission-row-0');
    type('commission-0-percent_bp', '12,555');
    fireEvent.click(screen.getByTestId('commission-save-0'));
    expect(
      within(screen.getByTestId('commission-row-0')).getByText(
        'Introduceți un procent, de ex. 12,5',
      ),
    ).toBeTruthy();
    expect(api.calls('PUT /api/commissions/0')).toHaveLength(0);

    type('commission-0-percent_bp', '150');
    fireEvent.click(screen.getByTestId('commission-save-0'));
    expect(
      await within(screen.getByTestId('commission-row-0')).findByText('Cel mult 100%.'),
    ).toBeTruthy();
    expect(api.calls('PUT /api/commissions/0')[0]?.body).toEqual({
      percent_bp: 15_000,
      fixed: 200,
    });
  });
});

describe('/finances: the drivers’ balance rules', () => {
  it('saves a negative minimum with the other two settings as they are', async () => {
    const api = renderSettings(manager, {
      'PUT /api/finance-settings': (request) => json(200, request.body),
    });
    await screen.findByTestId('min-balance');
    expect(input('min-balance').value).toBe('-50,00');
    type('min-balance', '-75,5');
    fireEvent.click(screen.getByTestId('min-balance-save'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PUT /api/finance-settings')[0]?.body).toEqual({
      accept_taximeter: true,
      min_balance: -7550,
      allow_negative_balance: false,
    });
    await waitFor(() => expect(input('min-balance').value).toBe('-75,50'));
  });

  it('turns overdrafts on with the switch, sending all three settings', async () => {
    const api = renderSettings(manager, {
      'PUT /api/finance-settings': (request) => json(200, request.body),
    });
    await screen.findByTestId('allow-negative-balance');
    fireEvent.click(input('allow-negative-balance'));
    await waitFor(() => expect(input('allow-negative-balance').checked).toBe(true));
    expect(api.calls('PUT /api/finance-settings')[0]?.body).toEqual({
      accept_taximeter: true,
      min_balance: -5000,
      allow_negative_balance: true,
    });
  });

  it('refuses a minimum that is no amount, sending nothing', async () => {
    const api = renderSettings();
    await screen.findByTestId('min-balance');
    type('min-balance', 'minus cinci');
    fireEvent.click(screen.getByTestId('min-balance-save'));
    expect(screen.getByText('Introduceți o sumă, de ex. 2,80')).toBeTruthy();
    expect(api.calls('PUT /api/finance-settings')).toHaveLength(0);
  });

  it('shows a dispatcher the commissions and balance rules disabled, without saving', async () => {
    renderSettings(dispatcher);
    await screen.findByTestId('commission-row-1');
    expect(input('commission-0-percent_bp').disabled).toBe(true);
    expect(screen.queryByTestId('commission-save-0')).toBeNull();
    expect(input('min-balance').disabled).toBe(true);
    expect(screen.queryByTestId('min-balance-save')).toBeNull();
    expect(input('allow-negative-balance').disabled).toBe(true);
  });
});
