import type { LoggedUser } from '@common/auth/auth.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { TransferScreen } from './TransferScreen';
import { balancePage, balanceRow, ledgerEntry, manager } from './testing/ledger-fixtures';

afterEach(() => vi.unstubAllGlobals());

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

const ION = balanceRow({ driver_id: 41, indicativ: '101', name: 'Ion Popescu', balance: 10_000 });
const VASILE = balanceRow({ driver_id: 42, indicativ: '102', name: 'Vasile Ene', balance: -500 });

function renderTransfer(user: LoggedUser = manager, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/driver-balances': () => json(200, balancePage([VASILE, ION])),
    ...routes,
  });
  renderUi(<TransferScreen />, { user, path: '/finances/transfer', route: '/finances/transfer' });
  return api;
}

async function pick(testId: string, name: RegExp) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name }));
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/finances/transfer', () => {
  it('shows both balances before and after, sends bani under a key and shows the new balances', async () => {
    const api = renderTransfer(manager, {
      'POST /api/ledger/transfers': () =>
        json(201, {
          transfer_id: 3,
          out: ledgerEntry({
            id: 10,
            driver_id: 41,
            kind: 'transfer_out',
            amount: -2550,
            balance_after: 7450,
          }),
          in: ledgerEntry({
            id: 11,
            driver_id: 42,
            indicativ: '102',
            driver_name: 'Vasile Ene',
            kind: 'transfer_in',
            amount: 2550,
            balance_after: 2050,
          }),
        }),
    });
    await pick('transfer-from', /Ion Popescu/);
    await pick('transfer-to', /Vasile Ene/);
    expect(screen.getByTestId('transfer-from-balance').textContent).toContain('100,00 RON');
    expect(screen.getByTestId('transfer-to-balance').textContent).toContain('-5,00 RON');
    type('transfer-amount', '25,5');
    expect(screen.getByTestId('transfer-from-balance-after').textContent).toBe('74,50 RON');
    expect(screen.getByTestId('transfer-to-balance-after').textContent).toBe('20,50 RON');
    type('transfer-note', 'datorie');
    fireEvent.click(screen.getByTestId('transfer-submit'));

    expect(
      await screen.findByText('Transfer efectuat.', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeTruthy();
    const [post] = api.calls('POST /api/ledger/transfers');
    expect(post?.body).toEqual({
      from_driver_id: 41,
      to_driver_id: 42,
      amount: 2550,
      note: 'datorie',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('transfer-new-41').textContent).toBe('74,50 RON');
    expect(screen.getByTestId('transfer-new-42').textContent).toBe('20,50 RON');
    expect(screen.getByTestId('transfer-from-balance').textContent).toContain('74,50 RON');

    // The next transfer is another request: another key.
    type('transfer-amount', '1');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(api.calls('POST /api/ledger/transfers')).toHaveLength(2));
    expect(api.calls('POST /api/ledger/transfers')[1]?.headers['Idempotency-Key']).not.toBe(
      post?.headers['Idempotency-Key'],
    );
  });

  it('refuses the same driver on both sides and sends nothing', async () => {
    const api = renderTransfer();
    await pick('transfer-from', /Ion Popescu/);
    await pick('transfer-to', /Ion Popescu/);
    type('transfer-amount', '10');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByText('Alegeți doi șoferi diferiți.')).toBeTruthy();
    expect(api.calls('POST /api/ledger/transfers')).toHaveLength(0);
  });

  it('asks for both drivers and an amount', async () => {
    const api = renderTransfer();
    await screen.findByTestId('transfer-form');
    type('transfer-amount', '0');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByText('Alegeți șoferul care trimite.')).toBeTruthy();
    expect(screen.getByText('Alegeți șoferul care primește.')).toBeTruthy();
    expect(screen.getByText('Suma este mai mare ca zero.')).toBeTruthy();
    expect(api.calls('POST /api/ledger/transfers')).toHaveLength(0);
  });

  it('shows the server’s 422 (insufficient balance) under the amount', async () => {
    renderTransfer(manager, {
      'POST /api/ledger/transfers': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation_failed',
          errors: { amount: ['Sold insuficient.'] },
        }),
    });
    await pick('transfer-from', /Vasile Ene/);
    await pick('transfer-to', /Ion Popescu/);
    type('transfer-amount', '10');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByText('Sold insuficient.')).toBeTruthy();
    expect(screen.getByTestId('transfer-amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('transfer-result')).toBeNull();
  });

  it('shows a dispatcher the form disabled, saying only administrators transfer', async () => {
    renderTransfer(dispatcher);
    expect((await screen.findByTestId('transfer-read-only')).textContent).toBe(
      'Doar administratorii firmei pot transfera sold.',
    );
    expect(screen.getByTestId('transfer-page').dataset.editable).toBe('false');
    for (const id of ['transfer-from', 'transfer-to', 'transfer-amount', 'transfer-note']) {
      expect((screen.getByTestId(id) as HTMLInputElement).disabled, id).toBe(true);
    }
    expect((screen.getByTestId('transfer-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
