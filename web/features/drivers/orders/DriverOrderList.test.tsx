import type { DriverTrip } from '@common/driver-reports/driver-reports.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { DriverOrderList } from './DriverOrderList';

afterEach(() => vi.unstubAllGlobals());

const trip: DriverTrip = {
  id: 77,
  created_at: '2026-11-20 08:05:00',
  places: ['Strada Lungă 1', 'Gara Iași'],
  state: 'finished',
  cost: 3350,
  payment_type: 'card',
  is_paid: true,
};

describe('DriverOrderList (driver order list, 30 a page)', () => {
  it('shows the trips and asks again with the payment filters and the page', async () => {
    const api = stubFetch({
      'GET /api/drivers/41/orders': () =>
        json(200, { data: [trip], meta: { total: 61, page: 1, per_page: 30 } }),
    });
    renderUi(<DriverOrderList driverId={41} />, { user: dispatcher });
    const row = await screen.findByTestId('trip-77');
    expect(row.textContent).toContain('A: Strada Lungă 1 → B: Gara Iași');
    expect(row.textContent).toContain('33,50 RON');
    expect(row.textContent).toContain('Card');
    expect(screen.getByTestId('driver-orders-total').textContent).toBe('61 curse');

    fireEvent.click(screen.getByTestId('driver-orders-payment-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Numerar' }));
    fireEvent.click(screen.getByTestId('driver-orders-paid'));
    fireEvent.click(await screen.findByRole('option', { name: 'Neachitate' }));
    await waitFor(() => {
      const last = api.calls('GET /api/drivers/41/orders').at(-1);
      expect(last?.query.get('payment_type')).toBe('cash');
      expect(last?.query.get('is_paid')).toBe('false');
    });
    // 61 trips are three pages of 30.
    fireEvent.click(await screen.findByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(api.calls('GET /api/drivers/41/orders').at(-1)?.query.get('page')).toBe('3'),
    );
  });
});
