import type { LoggedUser } from '@common/auth/auth.schema';
import { ALREADY_COMPENSATED } from '@common/money/discounts.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCompensation, pageOf } from '../../test/discount-fixtures';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { CompensationsScreen } from './CompensationsScreen';

afterEach(() => vi.unstubAllGlobals());

const manager: LoggedUser = { ...dispatcher, roles: ['manager'] };

/** Two finished orders to pay back; the server moves one to 'done' once it is paid. */
function renderScreen(user: LoggedUser = manager, compensate?: (request: StubRequest) => Response) {
  const rows = [
    buildCompensation({ order_id: 501 }),
    buildCompensation({
      order_id: 502,
      driver_id: 41,
      driver_name: 'Maria Pop',
      indicativ: null,
      discount_amount: 500,
      cost: 2500,
    }),
  ];
  const api = stubFetch({
    'GET /api/discount-compensations': (request) => {
      const done = request.query.get('state') === 'done';
      return json(200, pageOf(rows.filter((row) => row.discount_compensated === done)));
    },
    'GET /api/users': () => json(200, pageOf([])),
    'POST /api/ledger/discount-compensations':
      compensate ??
      ((request) => {
        const { order_id } = request.body as { order_id: number };
        const row = rows.find((r) => r.order_id === order_id);
        if (!row) return json(404, { message: 'Nu există.', code: 'not_found' });
        row.discount_compensated = true;
        return json(201, {
          id: 70,
          company_id: 1,
          driver_id: row.driver_id,
          driver_name: row.driver_name,
          indicativ: row.indicativ,
          kind: 'discount_compensation',
          amount: row.discount_amount,
          balance_after: 10_322,
          order_id,
          transfer_id: null,
          counterpart_id: null,
          counterpart_name: null,
          created_by_name: 'Ana Pop',
          note: null,
          created_at: '2030-01-02 11:00:00',
        });
      }),
  });
  const view = renderUi(<CompensationsScreen />, {
    user,
    path: '/finances/transfer-discount',
    route: '/finances/transfer-discount',
  });
  return { api, ...view };
}

describe('/finances/transfer-discount', () => {
  it('lists what is to pay back: the order, finish, driver, condition, fare and discount', async () => {
    renderScreen();
    const row = await screen.findByTestId('compensation-501');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '#501',
      expect.stringMatching(/^\d\d\.01\.2030 \d\d:30$/),
      '124 · Vasile Ionescu',
      'Studenți',
      '32,19 RON',
      '3,22 RON',
    ]);
    expect(within(row).getByRole('link', { name: '#501' }).getAttribute('href')).toBe(
      '/operator/order/501',
    );
    expect(screen.getByTestId('compensation-502').textContent).toContain('Maria Pop');
  });

  it('pays one back with an Idempotency-Key, says so, and moves it to “Compensate”', async () => {
    const { api } = renderScreen();
    await screen.findByTestId('compensation-501');
    await act(async () => fireEvent.click(screen.getByTestId('compensate-501')));
    expect(await screen.findByText('Compensat: 3,22 RON către 124.')).toBeTruthy();
    const [post] = api.calls('POST /api/ledger/discount-compensations');
    expect(post?.body).toEqual({ order_id: 501 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('compensation-501')).toBeNull());
    expect(screen.getByTestId('compensation-502')).toBeTruthy();

    fireEvent.click(screen.getByTestId('compensations-tab-done'));
    const done = await screen.findByTestId('compensation-501');
    expect(within(done).queryByRole('button', { name: 'Compensează' })).toBeNull();
    expect(api.calls('GET /api/discount-compensations').at(-1)?.query.get('state')).toBe('done');
  });

  it('shows a 409 as an error toast and keeps the row', async () => {
    renderScreen(manager, () => json(409, { message: ALREADY_COMPENSATED, code: 'conflict' }));
    await screen.findByTestId('compensation-502');
    await act(async () => fireEvent.click(screen.getByTestId('compensate-502')));
    expect(await screen.findByText(ALREADY_COMPENSATED)).toBeTruthy();
    expect(screen.getByTestId('compensation-502')).toBeTruthy();
  });

  it('shows a dispatcher the rows without the button', async () => {
    renderScreen(dispatcher);
    await screen.findByTestId('compensation-501');
    expect(screen.queryByTestId('compensate-501')).toBeNull();
  });
});
