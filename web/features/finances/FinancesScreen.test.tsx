import type { LoggedUser } from '@common/auth/auth.schema';
import type { CompanyTariffs } from '@common/money/tariffs.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { FinancesScreen } from './FinancesScreen';

afterEach(() => vi.unstubAllGlobals());

const manager: LoggedUser = { ...dispatcher, roles: ['manager'] };

const company = (): CompanyTariffs => ({
  company_id: 1,
  tariffs: [
    {
      service_id: null,
      service_name: null,
      start_fee: 500,
      per_km: 280,
      per_minute: 50,
      minimum_fare: 1200,
      updated_at: '2030-01-01 08:00:00',
    },
    {
      service_id: 1,
      service_name: 'Standard',
      start_fee: 600,
      per_km: 300,
      per_minute: 60,
      minimum_fare: 1500,
      updated_at: '2030-01-01 08:00:00',
    },
  ],
  surcharges: [
    {
      id: 1,
      name: 'Noapte',
      days: [1, 2, 3, 4, 5, 6, 7],
      time_from: '22:00',
      time_to: '06:00',
      percent: 130,
    },
  ],
  zone_prices: [
    {
      id: 4,
      service_id: null,
      from_polygon_id: 1,
      from_name: 'Gara',
      to_polygon_id: 2,
      to_name: 'Copou',
      price: 4500,
      both_ways: true,
    },
  ],
  commissions: [],
  settings: { accept_taximeter: false, min_balance: 0, allow_negative_balance: false },
  // The pricing names the company's own zones; the caller's (GET /api/polygons) are not asked.
  zones: [
    { id: 3, name: 'Aeroport' },
    { id: 2, name: 'Copou' },
    { id: 1, name: 'Gara' },
  ],
});

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

function renderFinances(user: LoggedUser = manager, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/tariffs': () => json(200, company()),
    'GET /api/services': () =>
      json(200, [
        { id: 1, name: 'Standard' },
        { id: 2, name: 'Break' },
      ]),
    ...routes,
  });
  renderUi(<FinancesScreen />, { user, path: '/finances', route: '/finances' });
  return api;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/finances: the fare', () => {
  it('shows each meter in RON, the company’s first, and a service without one empty', async () => {
    renderFinances();
    await screen.findByTestId('tariff-row-2');
    expect(screen.getByTestId('tariff-row-0').textContent).toContain('Toate serviciile');
    expect(input('tariff-0-per_km').value).toBe('2,80');
    expect(input('tariff-0-minimum_fare').value).toBe('12,00');
    expect(input('tariff-1-start_fee').value).toBe('6,00');
    expect(input('tariff-2-start_fee').value).toBe('');
    expect(screen.getByTestId('tariff-row-2').textContent).toContain(
      'folosește tariful pentru toate serviciile',
    );
  });

  it('saves one service’s meter in bani with its own button', async () => {
    const api = renderFinances(manager, {
      'PUT /api/tariffs/2': (request) =>
        json(200, {
          service_id: 2,
          service_name: 'Break',
          ...(request.body as object),
          updated_at: '2030-01-02 08:00:00',
        }),
    });
    await screen.findByTestId('tariff-row-2');
    type('tariff-2-start_fee', '5');
    type('tariff-2-per_km', '3,1');
    type('tariff-2-per_minute', '0.5');
    type('tariff-2-minimum_fare', '12,00');
    fireEvent.click(screen.getByTestId('tariff-save-2'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PUT /api/tariffs/2')[0]?.body).toEqual({
      start_fee: 500,
      per_km: 310,
      per_minute: 50,
      minimum_fare: 1200,
    });
    await waitFor(() => expect(input('tariff-2-per_km').value).toBe('3,10'));
    expect(api.calls('PUT /api/tariffs/0')).toHaveLength(0);
  });

  it('refuses an amount that is not one, and shows the server’s 422 on its field', async () => {
    const api = renderFinances(manager, {
      'PUT /api/tariffs/0': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation',
          errors: { minimum_fare: ['Cel mult 10.000,00 RON.'] },
        }),
    });
    await screen.findByTestId('tariff-row-0');
    type('tariff-0-per_km', 'doi lei');
    fireEvent.click(screen.getByTestId('tariff-save-0'));
    expect(
      within(screen.getByTestId('tariff-row-0')).getByText('Introduceți o sumă, de ex. 2,80'),
    ).toBeTruthy();
    expect(api.calls('PUT /api/tariffs/0')).toHaveLength(0);

    type('tariff-0-per_km', '2,90');
    type('tariff-0-minimum_fare', '20000');
    fireEvent.click(screen.getByTestId('tariff-save-0'));
    await waitFor(() =>
      expect(input('tariff-0-minimum_fare').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(
      within(screen.getByTestId('tariff-row-0')).getByText('Cel mult 10.000,00 RON.'),
    ).toBeTruthy();
    expect(api.calls('PUT /api/tariffs/0')[0]?.body).toMatchObject({
      per_km: 290,
      minimum_fare: 2_000_000,
    });
  });

  it('shows a dispatcher everything read-only: disabled inputs, no save, add or delete', async () => {
    renderFinances(dispatcher);
    await screen.findByTestId('tariff-row-1');
    expect(screen.getByTestId('finances-page').dataset.editable).toBe('false');
    expect(screen.getByTestId('finances-read-only')).toBeTruthy();
    expect(input('tariff-1-per_km').disabled).toBe(true);
    expect(screen.queryByTestId('tariff-save-1')).toBeNull();
    expect(screen.getByTestId('surcharge-1')).toBeTruthy();
    expect(screen.queryByTestId('surcharge-delete-1')).toBeNull();
    expect(screen.queryByTestId('surcharge-form')).toBeNull();
    expect(screen.getByTestId('zone-price-4')).toBeTruthy();
    expect(screen.queryByTestId('zone-price-delete-4')).toBeNull();
    expect(screen.queryByTestId('zone-price-form')).toBeNull();
    expect(input('accept-taximeter').disabled).toBe(true);
  });

  it('adds a surcharge from its day chips and deletes one after the confirmation', async () => {
    const api = renderFinances(manager, {
      'POST /api/tariff-surcharges': (request) => json(201, { id: 9, ...(request.body as object) }),
      'DELETE /api/tariff-surcharges/1': () => json(204, null),
    });
    const night = await screen.findByTestId('surcharge-1');
    expect(night.textContent).toContain('22:00–06:00');
    expect(night.textContent).toContain('130%');
    expect(night.textContent).toContain('Lu');

    type('surcharge-name', 'Weekend');
    fireEvent.click(screen.getByTestId('surcharge-day-6'));
    fireEvent.click(screen.getByTestId('surcharge-day-5'));
    fireEvent.click(screen.getByTestId('surcharge-add'));
    expect((await screen.findByTestId('surcharge-9')).textContent).toContain('Weekend');
    expect(api.calls('POST /api/tariff-surcharges')[0]?.body).toEqual({
      name: 'Weekend',
      days: [5, 6],
      time_from: '22:00',
      time_to: '06:00',
      percent: 130,
    });

    fireEvent.click(screen.getByTestId('surcharge-delete-1'));
    expect(await screen.findByText('Remove?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-yes')));
    await waitFor(() => expect(screen.queryByTestId('surcharge-1')).toBeNull());
    expect(api.calls('DELETE /api/tariff-surcharges/1')).toHaveLength(1);
  });

  it('asks for a day before sending a surcharge', async () => {
    const api = renderFinances();
    await screen.findByTestId('surcharge-form');
    type('surcharge-name', 'Noapte');
    fireEvent.click(screen.getByTestId('surcharge-add'));
    expect((await screen.findByTestId('surcharge-days-error')).textContent).toBe(
      'Alegeți cel puțin o zi.',
    );
    expect(api.calls('POST /api/tariff-surcharges')).toHaveLength(0);
  });

  it('adds a zone price in bani, both ways by default, and deletes one', async () => {
    const api = renderFinances(manager, {
      'POST /api/zone-prices': (request) => {
        const body = request.body as { from_polygon_id: number; to_polygon_id: number };
        return json(201, {
          id: 8,
          from_name: 'Gara',
          to_name: 'Aeroport',
          ...body,
        });
      },
      'DELETE /api/zone-prices/4': () => json(204, null),
    });
    expect((await screen.findByTestId('zone-price-4')).textContent).toContain('Gara ↔ Copou');
    expect(screen.getByTestId('zone-price-4').textContent).toContain('45,00 RON');

    await choose('zone-price-from', 'Gara');
    await choose('zone-price-to', 'Aeroport');
    type('zone-price-price', '60,5');
    fireEvent.click(screen.getByTestId('zone-price-add'));
    expect((await screen.findByTestId('zone-price-8')).textContent).toContain('60,50 RON');
    expect(api.calls('POST /api/zone-prices')[0]?.body).toEqual({
      service_id: null,
      from_polygon_id: 1,
      to_polygon_id: 3,
      price: 6050,
      both_ways: true,
    });

    fireEvent.click(screen.getByTestId('zone-price-delete-4'));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-yes')));
    await waitFor(() => expect(screen.queryByTestId('zone-price-4')).toBeNull());
    expect(api.calls('DELETE /api/zone-prices/4')).toHaveLength(1);
  });

  it('shows a 409 (the pair is priced already) on the zone field', async () => {
    renderFinances(manager, {
      'POST /api/zone-prices': () =>
        json(409, { message: 'Între aceste zone există deja un preț.', code: 'conflict' }),
    });
    await screen.findByTestId('zone-price-form');
    await choose('zone-price-from', 'Copou');
    await choose('zone-price-to', 'Gara');
    type('zone-price-price', '45');
    fireEvent.click(screen.getByTestId('zone-price-add'));
    expect(
      await within(screen.getByTestId('zone-price-form')).findByText(
        'Între aceste zone există deja un preț.',
      ),
    ).toBeTruthy();
  });

  it('turns the taximeter’s amount on as the final fare', async () => {
    const api = renderFinances(manager, {
      'PUT /api/finance-settings': () =>
        json(200, { accept_taximeter: true, min_balance: 0, allow_negative_balance: false }),
    });
    await screen.findByTestId('tariff-row-0');
    fireEvent.click(input('accept-taximeter'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PUT /api/finance-settings')[0]?.body).toEqual({
      accept_taximeter: true,
      min_balance: 0,
      allow_negative_balance: false,
    });
    await waitFor(() => expect(input('accept-taximeter').checked).toBe(true));
  });
});
