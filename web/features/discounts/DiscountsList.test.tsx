import type { LoggedUser } from '@common/auth/auth.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDiscount, pageOf } from '../../test/discount-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { DiscountsList } from './DiscountsList';

afterEach(() => vi.unstubAllGlobals());

const manager: LoggedUser = { ...dispatcher, roles: ['manager'] };

const rows = [
  buildDiscount({ id: 3, value: 1000, max_amount: 2000, uses: 3, total_limit: 100 }),
  buildDiscount({
    id: 4,
    name: 'Client fidel',
    kind: 'fixed',
    value: 500,
    client_id: 5,
    client_phone: '+40722111222',
    client_name: 'Ion Popescu',
    valid_from: '2030-05-01',
    valid_until: '2030-05-31',
    per_client_limit: 2,
    compensate_driver: true,
  }),
];

function renderList(user: LoggedUser = manager) {
  const api = stubFetch({
    'GET /api/discounts': (request) =>
      json(
        200,
        request.query.get('all') === 'true'
          ? pageOf([
              ...rows,
              buildDiscount({
                id: 5,
                name: 'Alfa',
                protocol_company_id: 21,
                protocol_company_name: 'Alfa Corporate SRL',
                disabled: true,
              }),
            ])
          : pageOf(rows),
      ),
  });
  const view = renderUi(<DiscountsList />, { user, path: '/discounts', route: '/discounts' });
  return { api, ...view };
}

describe('/discounts', () => {
  it('shows each condition’s value, cap, audience, dates, uses and state', async () => {
    renderList();
    const percent = await screen.findByTestId('discount-row-3');
    expect(within(percent).getByTestId('discount-value').textContent).toBe('10% max 20,00 RON');
    expect(within(percent).getByTestId('discount-audience').textContent).toBe('Toți clienții');
    expect(within(percent).getByTestId('discount-validity').textContent).toBe('oricând');
    expect(within(percent).getByTestId('discount-uses').textContent).toBe('3 / 100');
    expect(percent.textContent).toContain('Activă');

    const fixed = screen.getByTestId('discount-row-4');
    expect(within(fixed).getByTestId('discount-value').textContent).toBe('5,00 RON');
    expect(within(fixed).getByTestId('discount-audience').textContent).toBe(
      '+40722111222 · Ion Popescu',
    );
    expect(within(fixed).getByTestId('discount-validity').textContent).toBe(
      '01.05.2030–31.05.2030',
    );
    expect(within(fixed).getByTestId('discount-uses').textContent).toBe('0 · max 2 / client');
    expect(fixed.textContent).toContain('Da');
  });

  it('asks for the disabled ones too, searches by name, and opens a row', async () => {
    const { api, router } = renderList();
    await screen.findByTestId('discount-row-3');
    expect(screen.queryByTestId('discount-row-5')).toBeNull();
    fireEvent.click(screen.getByLabelText('Arată și dezactivatele'));
    const disabled = await screen.findByTestId('discount-row-5');
    expect(disabled.textContent).toContain('Dezactivată');
    expect(disabled.textContent).toContain('Alfa Corporate SRL');
    expect(api.calls('GET /api/discounts').at(-1)?.query.get('all')).toBe('true');

    fireEvent.change(screen.getByTestId('discounts-search'), { target: { value: 'fidel' } });
    await waitFor(() =>
      expect(api.calls('GET /api/discounts').at(-1)?.query.get('search')).toBe('fidel'),
    );

    fireEvent.click(screen.getByTestId('discount-row-4'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discount/4'));
  });

  it('offers “Reducere nouă” to administrators only', async () => {
    const { unmount } = renderList();
    expect((await screen.findByTestId('discounts-add')).textContent).toBe('Reducere nouă');
    unmount();
    renderList(dispatcher);
    await screen.findByTestId('discount-row-3');
    expect(screen.queryByTestId('discounts-add')).toBeNull();
  });
});
