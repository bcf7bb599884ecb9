import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { renderApp } from '../../../test/render-app';
import { renderUi } from '../../../test/render-ui';
import { OrderForm } from './OrderForm';

/**
 * The intake forms learn from the typed number (name, notes, last address, a block), warn about a
 * pickup the fleet cannot reach, and show the server's refusal of 'Protocol?' at its field.
 */
afterEach(() => vi.unstubAllGlobals());

type Routes = Record<string, (r: StubRequest) => Response | Promise<Response>>;

const lastAddress = {
  id: 5,
  name: 'Bulevardul Dacia 24',
  lat: 47.1555,
  long: 27.551,
  place_id: null,
  comment: 'La scara 2',
  scara: '2',
  bloc: 'D4',
  reper: null,
  is_internal: false,
};

const known: Routes = {
  'GET /api/clients/lookup': ({ query }) =>
    json(
      200,
      query.get('phone') === '+40741245489'
        ? {
            client: { id: 3, name: 'Mihai Lungu', about: 'Are bagaje multe' },
            blocked: false,
            blocked_reason: null,
          }
        : { client: null, blocked: false, blocked_reason: null },
    ),
  'GET /user-addresses/addresses/%2B40741245489': () =>
    json(200, [lastAddress, { ...lastAddress, id: 6, name: 'Gara Iași' }]),
};

const base: Routes = {
  'GET /api/services': () => json(200, [{ id: 1, name: 'Standard' }]),
  'GET /api/order-options': () => json(200, []),
  'GET /api/protocol-companies': () => json(200, { data: [{ id: 22, name: 'Protocol SRL' }] }),
  ...onePlaceRoutes,
};

function renderForm(routes: Routes = {}) {
  const api = stubFetch({ ...base, ...routes });
  const { unmount } = renderUi(<OrderForm orderId={0} flavour="taxi" />, {
    user: dispatcher,
    path: '/operator/order/0',
    route: '/operator/order/:id',
  });
  return Object.assign(api, { unmount });
}

const fieldValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('order form: a known caller', () => {
  it('starts at the phone; the whole number fills name and notes, and Enter takes his last address', async () => {
    const api = renderForm(known);
    const phone = await screen.findByTestId('order-phone');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    // Half a number asks nothing.
    fireEvent.change(phone, { target: { value: '074124' } });
    fireEvent.change(phone, { target: { value: '0741245489' } });
    await waitFor(() => expect(fieldValue('order-client-name')).toBe('Mihai Lungu'));
    expect(fieldValue('order-about-client')).toBe('Are bagaje multe');
    expect(api.calls('GET /api/clients/lookup').map((r) => r.query.get('phone'))).toEqual([
      '+40741245489',
    ]);
    expect(await screen.findByText('↵ Bulevardul Dacia 24')).toBeTruthy();
    await act(async () => fireEvent.keyDown(phone, { key: 'Enter' }));
    expect(fieldValue('place-A-address')).toBe('Bulevardul Dacia 24');
    expect(screen.queryByText('↵ Bulevardul Dacia 24')).toBeNull();
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it('takes the focus from a clicked link, never from a field being typed in', async () => {
    const link = document.createElement('a');
    link.href = '#';
    document.body.append(link);
    link.focus();
    const first = renderForm();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-phone')));
    first.unmount();

    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    renderForm();
    await screen.findByTestId('order-phone');
    expect(document.activeElement).toBe(other);
    link.remove();
    other.remove();
  });

  it('takes the last address when Enter comes before the number is looked up', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const lookup = known['GET /api/clients/lookup'];
    if (!lookup) throw new Error('lookup route');
    const api = renderForm({
      ...known,
      'GET /api/clients/lookup': async (request) => {
        await answered;
        return lookup(request);
      },
    });
    const phone = await screen.findByTestId('order-phone');
    fireEvent.change(phone, { target: { value: '0741245489' } });
    await waitFor(() => expect(api.calls('GET /api/clients/lookup')).toHaveLength(1));
    await act(async () => fireEvent.keyDown(phone, { key: 'Enter' }));
    // Not placed half-known: no 'required' errors, nothing sent.
    expect(screen.queryByText('Numele clientului este obligatoriu.')).toBeNull();
    await act(async () => answer());
    await waitFor(() => expect(fieldValue('place-A-address')).toBe('Bulevardul Dacia 24'));
    expect(fieldValue('order-client-name')).toBe('Mihai Lungu');
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });

  it('keeps a name the operator typed, and lets go of one the previous number filled', async () => {
    renderForm(known);
    const phone = await screen.findByTestId('order-phone');
    fireEvent.change(screen.getByTestId('order-client-name'), { target: { value: 'Doamna Ana' } });
    fireEvent.change(phone, { target: { value: '0741 245 489' } });
    await waitFor(() => expect(fieldValue('order-about-client')).toBe('Are bagaje multe'));
    expect(fieldValue('order-client-name')).toBe('Doamna Ana');

    fireEvent.change(screen.getByTestId('order-client-name'), { target: { value: '' } });
    fireEvent.change(phone, { target: { value: '0741245480' } });
    fireEvent.change(phone, { target: { value: '0741245489' } });
    await waitFor(() => expect(fieldValue('order-client-name')).toBe('Mihai Lungu'));
    fireEvent.change(phone, { target: { value: '0722000111' } });
    await waitFor(() => expect(fieldValue('order-client-name')).toBe(''));
    expect(fieldValue('order-about-client')).toBe('');
  });

  it('warns about a blocked number while it is typed, with the reason', async () => {
    renderForm({
      'GET /api/clients/lookup': () =>
        json(200, { client: null, blocked: true, blocked_reason: 'Comenzi false repetate' }),
    });
    const phone = await screen.findByTestId('order-phone');
    fireEvent.change(phone, { target: { value: '0744666000' } });
    expect(
      await screen.findByText('Numărul de telefon este blocat. Motiv: Comenzi false repetate.'),
    ).toBeTruthy();
  });
});

describe('order form: a pickup far from the fleet', () => {
  it('warns under the pickup with the distance, and placing stays possible', async () => {
    const api = renderForm({
      'GET /api/pickup-reach': () =>
        json(200, { far: true, in_zone: false, distance_km: 312.4, reach_km: 50 }),
    });
    const input = await screen.findByTestId('place-A-address');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('place-A-address-option-0', {}, { timeout: 2000 });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    const warning = await screen.findByTestId('far-pickup-warning');
    expect(warning.textContent).toContain('312,4 km de centrul companiei');
    expect(warning.textContent).toContain('(50 km)');
    expect(api.calls('GET /api/pickup-reach')[0]?.query.get('lat')).toBe('47.17');
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("'Protocol?' without a company", () => {
  it('shows the server’s refusal at the company field of the order form', async () => {
    renderForm({
      ...known,
      'POST /api/orders': () =>
        json(422, {
          message: 'Datele trimise nu sunt valide.',
          code: 'validation_failed',
          errors: { protocol_company_id: ['Alegeți compania de protocol.'] },
        }),
    });
    const phone = await screen.findByTestId('order-phone');
    fireEvent.change(phone, { target: { value: '0741245489' } });
    await screen.findByText('↵ Bulevardul Dacia 24');
    await act(async () => fireEvent.keyDown(phone, { key: 'Enter' }));
    await act(async () => fireEvent.click(screen.getByTestId('protocol-toggle')));
    await act(async () => fireEvent.click(screen.getByTestId('order-submit')));
    const company = screen.getByTestId('protocol-company');
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    const field = company.closest('.mantine-InputWrapper-root');
    expect(field?.textContent).toContain('Alegeți compania de protocol.');
  });

  it('shows it at the company field of the v2 quick form, which fills a known caller too', {
    timeout: 20_000,
  }, async () => {
    session.setToken('tok');
    session.setUser(dispatcher);
    stubFetch({
      ...base,
      ...known,
      'GET /api/dispatcher-orders/statistics': () =>
        json(200, { in_call: 0, live: 0, finished: 0, canceled: 0 }),
      'GET /api/dispatcher-orders/in-call': () =>
        json(200, { data: [], meta: { total: 0, page: 1, per_page: 50 } }),
      'POST /api/orders': () =>
        json(422, {
          message: 'Datele trimise nu sunt valide.',
          code: 'validation_failed',
          errors: { protocol_company_id: ['Alegeți compania de protocol.'] },
        }),
    });
    renderApp('/operator/v2');
    const phone = await screen.findByTestId('quick-phone', {}, { timeout: 5000 });
    fireEvent.change(phone, { target: { value: '0741245489' } });
    await waitFor(() => expect(fieldValue('quick-name')).toBe('Mihai Lungu'));
    await screen.findByText('↵ Bulevardul Dacia 24');
    await act(async () => fireEvent.keyDown(phone, { key: 'Enter' }));
    expect(fieldValue('quick-address')).toBe('Bulevardul Dacia 24');
    await act(async () => fireEvent.click(screen.getByTestId('quick-protocol-toggle')));
    await act(async () => fireEvent.click(screen.getByTestId('quick-submit')));
    const company = screen.getByTestId('quick-protocol-company');
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    expect(company.closest('.mantine-InputWrapper-root')?.textContent).toContain(
      'Alegeți compania de protocol.',
    );
  });
});
