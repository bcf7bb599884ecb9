import { DISCOUNT_REFUSALS } from '@common/money/discounts.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDiscount } from '../../../test/discount-fixtures';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { renderUi } from '../../../test/render-ui';
import { OrderForm } from './OrderForm';

afterEach(() => vi.unstubAllGlobals());

const estimate = {
  cost: 3219,
  source: 'estimate',
  distance_m: 7300,
  duration_s: 810,
  routed: true,
  percent: 100,
  minimum_applied: false,
  zone_price_id: null,
};

const students = buildDiscount({ id: 3, name: 'Studenți', value: 1000 });
const alfa = buildDiscount({
  id: 4,
  name: 'Alfa',
  kind: 'fixed',
  value: 500,
  protocol_company_id: 21,
  protocol_company_name: 'Alfa Corporate SRL',
});

type Routes = Record<string, (r: StubRequest) => Response | Promise<Response>>;

/** The caller +40722111222 is client 5; Alfa's rides have their own condition. */
function renderForm(orderId: number, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/services': () => json(200, [{ id: 1, name: 'Standard' }]),
    'GET /api/order-options': () => json(200, []),
    'GET /api/protocol-companies': () =>
      json(200, { data: [{ id: 21, name: 'Alfa Corporate SRL' }] }),
    'GET /api/clients/lookup': (request) =>
      json(200, {
        client:
          request.query.get('phone') === '+40722111222'
            ? { id: 5, name: 'Ion Popescu', about: null }
            : null,
        blocked: false,
        blocked_reason: null,
      }),
    'GET /api/discounts/applicable': (request) =>
      json(200, {
        data: request.query.get('protocol_company_id') === '21' ? [students, alfa] : [students],
      }),
    'POST /api/fare-estimates': () => json(200, estimate),
    ...onePlaceRoutes,
    ...routes,
  });
  const view = renderUi(<OrderForm orderId={orderId} flavour="taxi" />, {
    user: dispatcher,
    path: `/operator/order/${orderId}`,
    route: '/operator/order/:id',
  });
  return { api, ...view };
}

async function pickPlace(letter: 'A' | 'B') {
  const input = screen.getByTestId(`place-${letter}-address`);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'stefan' } });
  await screen.findByTestId(`place-${letter}-address-option-0`, {}, { timeout: 2000 });
  await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
  await waitFor(() =>
    expect((input as HTMLInputElement).value).toBe('Strada Ștefan cel Mare 1, Iași'),
  );
}

async function fillOrder() {
  await screen.findByTestId('order-submit');
  await pickPlace('A');
  fireEvent.click(screen.getByTestId('place-add'));
  await pickPlace('B');
  const phone = screen.getByTestId('order-phone');
  fireEvent.change(phone, { target: { value: '0722 111 222' } });
  fireEvent.blur(phone);
}

async function chooseDiscount(label: string) {
  fireEvent.click(await screen.findByTestId('order-discount'));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

const place = () => act(async () => fireEvent.click(screen.getByTestId('order-submit')));

describe('order form: the discount', () => {
  it('offers the client’s discounts, shows the discounted fare and sends the condition', async () => {
    const { api } = renderForm(0, {
      'POST /api/orders': () => json(201, buildOrder({ id: 77, state: 'created' })),
      'GET /api/orders/77': () => json(200, buildOrder({ id: 77, state: 'created' })),
    });
    await fillOrder();
    await chooseDiscount('Studenți · 10%');
    // Asked by the client the number names, once the lookup has answered.
    const asked = api.calls('GET /api/discounts/applicable').at(-1)?.query;
    expect(asked?.get('client_id')).toBe('5');
    expect(asked?.has('phone')).toBe(false);
    const line = await screen.findByTestId('fare-estimate', {}, { timeout: 2000 });
    await waitFor(() =>
      expect(line.textContent).toBe(
        'Tarif estimat: 32,19 RON · cu reducere 28,97 RON · 7,3 km · 14 min',
      ),
    );
    expect(line.dataset.discounted).toBe('2897');

    await place();
    expect(await screen.findByText('Order created')).toBeTruthy();
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({
      payment_type: 'discount',
      discount_condition_id: 3,
      client_name: 'Ion Popescu',
    });
  });

  it('goes back to cash when the discount is cleared', async () => {
    const { api } = renderForm(0, {
      'POST /api/orders': () => json(201, buildOrder({ id: 78, state: 'created' })),
      'GET /api/orders/78': () => json(200, buildOrder({ id: 78, state: 'created' })),
    });
    await fillOrder();
    await chooseDiscount('Studenți · 10%');
    const line = await screen.findByTestId('fare-estimate', {}, { timeout: 2000 });
    await waitFor(() => expect(line.textContent).toContain('cu reducere'));
    const select = screen.getByTestId('order-discount');
    fireEvent.click(select.parentElement?.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(line.textContent).not.toContain('cu reducere'));
    await place();
    await screen.findByText('Order created');
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({
      payment_type: 'cash',
      discount_condition_id: null,
    });
  });

  it('asks with the protocol company of a protocol ride, and keeps its billing', async () => {
    const { api } = renderForm(0, {
      'POST /api/orders': () => json(201, buildOrder({ id: 79, state: 'created' })),
      'GET /api/orders/79': () => json(200, buildOrder({ id: 79, state: 'created' })),
    });
    await fillOrder();
    await screen.findByTestId('order-discount');
    fireEvent.click(screen.getByTestId('protocol-toggle'));
    fireEvent.click(screen.getByTestId('protocol-company'));
    fireEvent.click(await screen.findByRole('option', { name: 'Alfa Corporate SRL' }));
    await chooseDiscount('Alfa · 5,00 RON');
    expect(
      api.calls('GET /api/discounts/applicable').at(-1)?.query.get('protocol_company_id'),
    ).toBe('21');
    const line = await screen.findByTestId('fare-estimate', {}, { timeout: 2000 });
    await waitFor(() => expect(line.textContent).toContain('cu reducere 27,19 RON'));
    await place();
    await screen.findByText('Order created');
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({
      payment_type: 'discount',
      protocol_company_id: 21,
      discount_condition_id: 4,
    });
  });

  it('shows the server’s refusal (limits spent) under the select', async () => {
    renderForm(0, {
      'POST /api/orders': () =>
        json(422, {
          message: 'Date invalide',
          code: 'validation_failed',
          errors: { discount_condition_id: [DISCOUNT_REFUSALS.totalSpent] },
        }),
    });
    await fillOrder();
    await chooseDiscount('Studenți · 10%');
    await place();
    const select = screen.getByTestId('order-discount');
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    // Under the select, and as the toast every server message gets.
    expect(screen.getAllByText(DISCOUNT_REFUSALS.totalSpent).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a placed order’s discount: the amount, the condition and what the client pays', async () => {
    renderForm(9, {
      'GET /api/orders/9': () =>
        json(
          200,
          buildOrder({
            id: 9,
            state: 'assigned',
            payment_type: 'discount',
            cost: 3219,
            cost_source: 'estimate',
            discount_amount: 322,
            discounted_cost: 2897,
            discount_condition_id: 3,
          }),
        ),
      'GET /api/discounts/3': () => json(200, students),
    });
    expect((await screen.findByTestId('order-form-cost')).textContent).toBe('32,19 RON estimat');
    const discount = screen.getByTestId('order-form-discount');
    await waitFor(() =>
      expect(discount.textContent).toBe('3,22 RON (Studenți) · de plată 28,97 RON'),
    );
    expect((screen.getByTestId('protocol-toggle') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });
});
