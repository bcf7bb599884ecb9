import type { LoggedUser } from '@common/auth/auth.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { OrdersSearchModal } from './OrdersSearchModal';
import { EMPTY_FILTERS, filtersToQuery } from './orders-search-filters';

afterEach(() => vi.unstubAllGlobals());

const twoCompanies: LoggedUser = {
  ...dispatcher,
  companies: [
    ...dispatcher.companies,
    { id: 2, name: 'Taxi Sud', type: 'dispatch', package_id: 1, lat: null, lng: null },
  ],
};

const routes = {
  'GET /api/users': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 100 } }),
  'GET /api/orders': () =>
    json(200, { data: [buildOrder({ id: 50 })], meta: { total: 1, page: 1, per_page: 15 } }),
};

function renderModal(user: LoggedUser) {
  return renderUi(
    <OrdersSearchModal
      opened
      onClose={() => {}}
      userId={user.id}
      flavour="taxi"
      onOpen={vi.fn()}
    />,
    { user },
  );
}

describe('orders search filters (Order filters)', () => {
  it('leaves empty filters out and sends the times as HH:mm', () => {
    expect(Object.values(filtersToQuery(EMPTY_FILTERS)).every((v) => v === undefined)).toBe(true);
    expect(
      filtersToQuery({ ...EMPTY_FILTERS, time_from: '08:30', time_to: '17:00', company_id: 2 }),
    ).toMatchObject({ time_from: '08:30', time_to: '17:00', company_id: 2 });
  });

  it('sends time_from, time_to and company_id to GET /api/orders', async () => {
    const api = stubFetch(routes);
    renderModal(twoCompanies);
    fireEvent.change(await screen.findByTestId('search-time-from'), {
      target: { value: '08:30' },
    });
    fireEvent.change(screen.getByTestId('search-time-to'), { target: { value: '17:00' } });
    fireEvent.click(screen.getByTestId('search-company'));
    fireEvent.click(await screen.findByRole('option', { name: 'Taxi Sud' }));
    await act(async () => fireEvent.click(screen.getByTestId('search-submit')));
    await screen.findByTestId('order-row-50');
    // One order is one 'comandă' (not '1 comenzi').
    expect(screen.getByTestId('orders-search-results-total').textContent).toBe('1 comandă');
    const query = api.calls('GET /api/orders')[0]?.query;
    expect(query?.get('time_from')).toBe('08:30');
    expect(query?.get('time_to')).toBe('17:00');
    expect(query?.get('company_id')).toBe('2');
  });

  it('offers the company only to a user of several companies', async () => {
    const api = stubFetch(routes);
    renderModal(dispatcher);
    await screen.findByTestId('search-time-from');
    expect(screen.queryByTestId('search-company')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('search-submit')));
    await waitFor(() => expect(api.calls('GET /api/orders')).toHaveLength(1));
    const query = api.calls('GET /api/orders')[0]?.query;
    expect(query?.has('company_id')).toBe(false);
    expect(query?.has('time_from')).toBe(false);
  });
});
