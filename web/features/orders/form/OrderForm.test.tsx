import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { renderUi } from '../../../test/render-ui';
import { FRESH_FORM_STATE } from './fresh-form';
import { OrderForm } from './OrderForm';

afterEach(() => vi.unstubAllGlobals());

const catalog = {
  'GET /api/services': () =>
    json(200, [
      { id: 1, name: 'Standard' },
      { id: 2, name: 'Break' },
    ]),
  'GET /api/order-options': () =>
    json(
      200,
      Array.from({ length: 10 }, (_, i) => ({ key: `opt${i}`, name: `Opțiunea ${i}` })),
    ),
  // The taxi company's protocol clients (its child companies), not the dispatcher's own.
  'GET /api/protocol-companies': () =>
    json(200, {
      data: [
        { id: 21, name: 'Alfa Corporate SRL' },
        { id: 22, name: 'Protocol Corporate SRL' },
      ],
    }),
  ...onePlaceRoutes,
};

function renderForm(
  orderId: number,
  routes: Record<string, (r: StubRequest) => Response | Promise<Response>> = {},
) {
  const api = stubFetch({ ...catalog, ...routes });
  const result = renderUi(<OrderForm orderId={orderId} flavour="taxi" />, {
    user: dispatcher,
    path: `/operator/order/${orderId}`,
    route: '/operator/order/:id',
  });
  return { ...result, api };
}

async function pickAddress() {
  const input = screen.getByTestId('place-A-address');
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'stefan' } });
  await screen.findByTestId('place-A-address-option-0', {}, { timeout: 2000 });
  await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
  await waitFor(() =>
    expect((input as HTMLInputElement).value).toBe('Strada Ștefan cel Mare 1, Iași'),
  );
}

function fillClient() {
  const phone = screen.getByTestId('order-phone');
  fireEvent.change(phone, { target: { value: '0722 111 222' } });
  fireEvent.blur(phone);
  fireEvent.change(screen.getByTestId('order-client-name'), { target: { value: 'Ion' } });
}

const placeWithKeyboard = () =>
  act(async () => {
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
  });

describe('order form: new order', () => {
  it('requires phone, client name and address without calling the server', async () => {
    const { api } = renderForm(0);
    await act(async () => fireEvent.click(await screen.findByTestId('order-submit')));
    expect(screen.getByText('Telefonul este obligatoriu.')).toBeTruthy();
    expect(screen.getByText('Numele clientului este obligatoriu.')).toBeTruthy();
    expect(screen.getByText('Adresa este obligatorie.')).toBeTruthy();
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it('normalises the phone on blur', async () => {
    renderForm(0);
    const phone = (await screen.findByTestId('order-phone')) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '0040 722 111 222' } });
    fireEvent.blur(phone);
    expect(phone.value).toBe('+40722111222');
  });

  it('shows 8 options inline and the rest in a dropdown', async () => {
    renderForm(0);
    await screen.findByTestId('option-opt7');
    expect(screen.queryByTestId('option-opt8')).toBeNull();
    expect(screen.getByTestId('options-more')).toBeTruthy();
  });

  it('blocks placing while an address list is open', async () => {
    const { api } = renderForm(0);
    fillClient();
    const input = await screen.findByTestId('place-A-address');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('place-A-address-option-0', {}, { timeout: 2000 });
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);
    await placeWithKeyboard();
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it('places with Ctrl+Enter: place true, an idempotency key, toast, then the order screen', async () => {
    const { api, router } = renderForm(0, {
      'POST /api/orders': () => json(201, buildOrder({ id: 77, state: 'created' })),
      'GET /api/orders/77': () => json(200, buildOrder({ id: 77, state: 'created' })),
    });
    await screen.findByTestId('order-submit');
    await pickAddress();
    fillClient();
    await placeWithKeyboard();
    expect(await screen.findByText('Order created')).toBeTruthy();
    const [post] = api.calls('POST /api/orders');
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toMatchObject({
      place: true,
      phone: '+40722111222',
      client_name: 'Ion',
      payment_type: 'cash',
      service_id: 1,
      places: [{ name: 'Strada Ștefan cel Mare 1, Iași', lat: 47.17, long: 27.58 }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/77'));
  });

  it('shows each server message as its own error toast and marks the fields', async () => {
    const { api } = renderForm(0, {
      'POST /api/orders': () =>
        json(422, {
          message: 'Date invalide',
          code: 'validation_failed',
          errors: {
            phone: ['Numărul de telefon este blocat.'],
            'places.0.name': ['Adresa nu este acoperită.'],
          },
        }),
    });
    await screen.findByTestId('order-submit');
    await pickAddress();
    fillClient();
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    // A toast and the field's error each.
    await waitFor(() =>
      expect(screen.getAllByText('Numărul de telefon este blocat.')).toHaveLength(2),
    );
    expect(screen.getAllByText('Adresa nu este acoperită.')).toHaveLength(2);
    expect(screen.queryByText('Date invalide')).toBeNull();
    expect(api.calls('POST /api/orders')).toHaveLength(1);
  });

  it('sends the same idempotency key again when a lost answer is retried', async () => {
    let attempt = 0;
    const { api } = renderForm(0, {
      'POST /api/orders': () => {
        attempt += 1;
        return attempt === 1
          ? json(503, { message: 'Indisponibil', code: 'unavailable' })
          : json(201, buildOrder({ id: 78 }));
      },
      'GET /api/orders/78': () => json(200, buildOrder({ id: 78 })),
    });
    await screen.findByTestId('order-submit');
    await pickAddress();
    fillClient();
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    expect(await screen.findByText('Indisponibil')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    expect(await screen.findByText('Order created')).toBeTruthy();
    const keys = api.calls('POST /api/orders').map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("lists the protocol companies, enabled only with 'Protocol?', and places with one", async () => {
    const { api } = renderForm(0, {
      'POST /api/orders': () => json(201, buildOrder({ id: 79 })),
      'GET /api/orders/79': () => json(200, buildOrder({ id: 79 })),
    });
    await screen.findByTestId('order-submit');
    await pickAddress();
    fillClient();
    const company = screen.getByTestId('protocol-company') as HTMLInputElement;
    expect(company.disabled).toBe(true);
    expect(api.calls('GET /api/protocol-companies')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('protocol-toggle'));
    await waitFor(() => expect(company.disabled).toBe(false));
    fireEvent.click(company);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Fără companie',
      'Alfa Corporate SRL',
      'Protocol Corporate SRL',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Protocol Corporate SRL' }));
    await waitFor(() => expect(company.value).toBe('Protocol Corporate SRL'));
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    await screen.findByText('Order created');
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({
      payment_type: 'protocol',
      protocol_company_id: 22,
    });
  });

  it('is not left blocked by a place removed while its address list is open', async () => {
    renderForm(0);
    fillClient();
    fireEvent.click(await screen.findByTestId('place-add'));
    const input = screen.getByTestId('place-B-address');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('place-B-address-option-0', {}, { timeout: 2000 });
    const submit = screen.getByTestId('order-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // Removed within the blur delay: its list never closes by itself.
    fireEvent.click(screen.getByTestId('place-B-remove'));
    await waitFor(() => expect(screen.queryByTestId('place-B')).toBeNull());
    expect(submit.disabled).toBe(false);
  });

  it("starts an empty form on 'Comandă nouă' and keeps the draft through other navigation", async () => {
    const { router } = renderForm(0);
    const phone = (await screen.findByTestId('order-phone')) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '0722 111 222' } });
    // Opening the side panel changes only the query string: the half-typed call stays.
    await act(() => router.navigate('/operator/order/0?panel=31'));
    expect((screen.getByTestId('order-phone') as HTMLInputElement).value).toBe('0722 111 222');
    await act(() => router.navigate('/operator/order/0', { state: FRESH_FORM_STATE }));
    await waitFor(() =>
      expect((screen.getByTestId('order-phone') as HTMLInputElement).value).toBe(''),
    );
    fireEvent.change(screen.getByTestId('order-phone'), { target: { value: '0733' } });
    // Again on the same path (the link replaces the entry): another empty form.
    await act(() => router.navigate('/operator/order/0', { state: FRESH_FORM_STATE }));
    await waitFor(() =>
      expect((screen.getByTestId('order-phone') as HTMLInputElement).value).toBe(''),
    );
    fireEvent.change(screen.getByTestId('order-phone'), { target: { value: '0744' } });
    await act(() => router.navigate('/operator/order/0?panel=32'));
    expect((screen.getByTestId('order-phone') as HTMLInputElement).value).toBe('0744');
  });
});

describe('order form: saved draft in state new (a duplicate)', () => {
  it('is editable and placed with PATCH {…, place: true}', async () => {
    const draft = buildOrder({ id: 12, state: 'new' });
    const { api } = renderForm(12, {
      'GET /api/orders/12': () => json(200, draft),
      'PATCH /api/orders/12': () =>
        json(200, { ...draft, state: 'created', updated_at: '2030-01-01 09:00:00' }),
    });
    expect((await screen.findByTestId('order-form')).dataset.editable).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    expect(await screen.findByText('Order created')).toBeTruthy();
    const [patch] = api.calls('PATCH /api/orders/12');
    expect(patch?.body).toMatchObject({
      place: true,
      client_name: 'Ion Popescu',
      phone: '+40722111222',
    });
  });
});

describe('order form: an order that is not new', () => {
  const assigned = buildOrder({
    id: 9,
    state: 'assigned',
    driver_id: 3,
    manually_assigned: true,
    car_indicativ: 'B 17',
    waiting_driver_time: 4,
    driver: {
      id: 3,
      name: 'Vasile',
      phone: null,
      indicativ: 'B 17',
      make: 'Dacia',
      model: 'Logan',
      color: 'alb',
      number: 'IS 01 ABC',
    },
  });

  it('is read-only except the comment, the client and the address toggle', async () => {
    renderForm(9, { 'GET /api/orders/9': () => json(200, assigned) });
    const form = await screen.findByTestId('order-form');
    expect(form.dataset.editable).toBe('false');
    expect(screen.queryByTestId('order-submit')).toBeNull();
    expect((screen.getByTestId('order-phone') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('place-A-address') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('order-service') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('order-comment') as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByTestId('order-client-name') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('place-A-edit'));
    expect((screen.getByTestId('place-A-address') as HTMLInputElement).disabled).toBe(false);
  });

  it("shows the 'Șofer alocat' card with the Manual badge, and the allowed actions", async () => {
    renderForm(9, { 'GET /api/orders/9': () => json(200, assigned) });
    expect((await screen.findByTestId('driver-assigned')).textContent).toContain('Șofer alocat');
    expect(screen.getByTestId('driver-manual').textContent).toBe('Manual');
    expect(screen.getByTestId('driver-callsign').textContent).toBe('B 17');
    expect(screen.getByTestId('driver-waiting-time').textContent).toBe('4 min');
    expect(screen.getByTestId('driver-plate').textContent).toBe('IS 01 ABC');
    const actions = screen.getByTestId('order-form-actions').textContent ?? '';
    expect(actions).toContain('Anulează');
    expect(actions).toContain('Dublează');
    expect(actions).not.toContain('Retrimite');
    expect(actions).not.toContain('Alocă manual');
    // A dispatcher reports an incident on the order from here.
    expect(actions).toContain('Raportează incident');
  });

  it("waits for a driver with a skeleton while created ('Așteptare șofer ...')", async () => {
    renderForm(10, {
      'GET /api/orders/10': () => json(200, buildOrder({ id: 10, state: 'created' })),
    });
    expect((await screen.findByTestId('driver-waiting')).textContent).toContain(
      'Așteptare șofer ...',
    );
  });

  it("saves the comment ('Observatii actualizate') and reports a failure", async () => {
    let ok = true;
    const { api } = renderForm(9, {
      'GET /api/orders/9': () => json(200, assigned),
      'PATCH /api/orders/9': ({ body }) =>
        ok
          ? json(200, { ...assigned, ...(body as object), updated_at: '2030-01-01 09:00:00' })
          : json(422, {
              message: 'x',
              code: 'validation_failed',
              errors: { comment: ['Prea lung'] },
            }),
    });
    fireEvent.change(await screen.findByTestId('order-comment'), {
      target: { value: 'Sună la poartă' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('order-comment-save')));
    expect(await screen.findByText('Observatii actualizate')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/9')[0]?.body).toEqual({ comment: 'Sună la poartă' });

    ok = false;
    fireEvent.change(screen.getByTestId('order-comment'), { target: { value: 'Altceva' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-comment-save')));
    expect(await screen.findByText('Observatii neactualizate. Verificati campurile')).toBeTruthy();
  });

  it("keeps the payment toggle: 'Protocol?' and its company save at once", async () => {
    let current = assigned;
    const { api } = renderForm(9, {
      'GET /api/orders/9': () => json(200, current),
      'PATCH /api/orders/9': ({ body }) => {
        current = { ...current, ...(body as object), updated_at: '2030-01-01 09:00:00' };
        return json(200, current);
      },
    });
    const toggle = (await screen.findByTestId('protocol-toggle')) as HTMLInputElement;
    expect(toggle.disabled).toBe(false);
    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PATCH /api/orders/9')[0]?.body).toEqual({
      payment_type: 'protocol',
      protocol_company_id: null,
    });
    const company = screen.getByTestId('protocol-company') as HTMLInputElement;
    await waitFor(() => expect(company.disabled).toBe(false));
    fireEvent.click(company);
    await act(async () =>
      fireEvent.click(await screen.findByRole('option', { name: 'Protocol Corporate SRL' })),
    );
    await waitFor(() => expect(api.calls('PATCH /api/orders/9')).toHaveLength(2));
    expect(api.calls('PATCH /api/orders/9')[1]?.body).toEqual({
      payment_type: 'protocol',
      protocol_company_id: 22,
    });
  });

  it('opens the processing history in Bucharest time', async () => {
    renderForm(9, {
      'GET /api/orders/9': () => json(200, assigned),
      'GET /api/order-history/9': () =>
        json(200, [
          {
            id: 1,
            timestamp: '2030-07-01 10:15:00',
            type: 'created',
            initiator: 'Ana Pop',
            details: null,
          },
        ]),
    });
    fireEvent.click(await screen.findByText('Istoric procesare'));
    const row = await screen.findByTestId('order-history-1');
    // 10:15 UTC is 13:15 in Bucharest in summer (UTC+3).
    expect(row.textContent).toContain('01.07.2030 13:15');
    expect(row.textContent).toContain('Creată');
    expect(row.textContent).toContain('Ana Pop');
  });

  it('says so when the order does not exist', async () => {
    renderForm(404, {});
    expect((await screen.findByTestId('order-form-error')).textContent).toBe(
      'Comanda #404 nu există.',
    );
  });
});

describe('order form: the fare', () => {
  const estimate = {
    cost: 3219,
    source: 'estimate',
    distance_m: 7300,
    duration_s: 810,
    routed: true,
    percent: 130,
    minimum_applied: false,
    zone_price_id: null,
  };

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

  async function pickAAndB() {
    await screen.findByTestId('order-submit');
    await pickPlace('A');
    fireEvent.click(screen.getByTestId('place-add'));
    await pickPlace('B');
  }

  it('estimates once A and B have coordinates, and sends a typed fixed price as cost', async () => {
    const { api } = renderForm(0, {
      'POST /api/fare-estimates': () => json(200, estimate),
      'POST /api/orders': () => json(201, buildOrder({ id: 77, state: 'created' })),
      'GET /api/orders/77': () => json(200, buildOrder({ id: 77, state: 'created' })),
    });
    await screen.findByTestId('order-submit');
    await pickPlace('A');
    expect(screen.queryByTestId('fare-estimate')).toBeNull();
    fireEvent.click(screen.getByTestId('place-add'));
    await pickPlace('B');

    const line = await screen.findByTestId('fare-estimate', {}, { timeout: 2000 });
    expect(line.textContent).toBe('Tarif estimat: 32,19 RON · 7,3 km · 14 min · adaos 130%');
    expect(line.dataset.cost).toBe('3219');
    expect(api.calls('POST /api/fare-estimates').map((r) => r.body)).toEqual([
      {
        service_id: 1,
        places: [
          { lat: 47.17, long: 27.58 },
          { lat: 47.17, long: 27.58 },
        ],
      },
    ]);

    fireEvent.change(screen.getByTestId('fixed-price'), { target: { value: '40' } });
    expect(screen.getByTestId('fare-estimate').textContent).toBe('Preț fix: 40,00 RON');
    expect(screen.getByTestId('fare-estimate').dataset.cost).toBe('4000');
    fillClient();
    await placeWithKeyboard();
    expect(await screen.findByText('Order created')).toBeTruthy();
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({ cost: 4000 });
  });

  it('shows nothing without a tariff (404) and sends no cost when no price is typed', async () => {
    const { api } = renderForm(0, {
      'POST /api/fare-estimates': () => json(404, { message: 'Fără tarif.', code: 'not_found' }),
      'POST /api/orders': () => json(201, buildOrder({ id: 78, state: 'created' })),
      'GET /api/orders/78': () => json(200, buildOrder({ id: 78, state: 'created' })),
    });
    await pickAAndB();
    await waitFor(() => expect(api.calls('POST /api/fare-estimates')).toHaveLength(1), {
      timeout: 2000,
    });
    expect(screen.queryByTestId('fare-estimate')).toBeNull();
    fillClient();
    await placeWithKeyboard();
    expect(await screen.findByText('Order created')).toBeTruthy();
    expect(api.calls('POST /api/orders')[0]?.body).not.toHaveProperty('cost');
  });

  it('refuses a fixed price that is not an amount, without calling the server', async () => {
    const { api } = renderForm(0);
    await screen.findByTestId('order-submit');
    await pickPlace('A');
    fillClient();
    fireEvent.change(screen.getByTestId('fixed-price'), { target: { value: '40 lei' } });
    await placeWithKeyboard();
    expect(screen.getByTestId('fixed-price-error').textContent).toBe(
      'Introduceți o sumă, de ex. 2,80',
    );
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it('shows a placed order’s cost and how it was made', async () => {
    renderForm(9, {
      'GET /api/orders/9': () =>
        json(200, buildOrder({ id: 9, state: 'assigned', cost: 4000, cost_source: 'fixed' })),
    });
    expect((await screen.findByTestId('order-form-cost')).textContent).toBe('40,00 RON preț fix');
    expect(screen.queryByTestId('fixed-price')).toBeNull();
  });
});
