import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { fillQuickForm } from '../../../test/quick-form';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const empty = { data: [], meta: { total: 0, page: 1, per_page: 50 } };

const routes = {
  'GET /api/dispatcher-orders/statistics': () =>
    json(200, { in_call: 0, live: 0, finished: 0, canceled: 0 }),
  'GET /api/dispatcher-orders/in-call': () => json(200, empty),
  ...onePlaceRoutes,
};

/** The filled quick form on /operator/v2, the focus in 'Nume' as after typing the name. */
async function filledWithFocusInName(placeAnswer: () => Response) {
  session.setToken('tok');
  session.setUser(dispatcher);
  const api = stubFetch({ ...routes, 'POST /api/orders': placeAnswer });
  renderApp('/operator/v2');
  await fillQuickForm();
  const name = screen.getByTestId('quick-name');
  name.focus();
  return { api, name, form: screen.getByTestId('quick-order-form') };
}

const press = (target: Element, key: string, ctrlKey = false) =>
  act(async () => fireEvent.keyDown(target, { key, ctrlKey }));

describe('v2 quick form: the focus after Ctrl+Enter (keyboard flows)', () => {
  it("leaves the form once placed, so '+' opens the next order at the address", {
    timeout: 20_000,
  }, async () => {
    const { api, name, form } = await filledWithFocusInName(() =>
      json(201, buildOrder({ id: 70 })),
    );
    // In 'Nume', '+' is a character: the screen leaves it to the field.
    await press(name, '+');
    expect(document.activeElement).toBe(name);

    await press(name, 'Enter', true);
    await waitFor(() => expect(api.calls('POST /api/orders')).toHaveLength(1));
    expect(form.contains(document.activeElement)).toBe(false);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));

    await press(document.activeElement ?? document.body, '+');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('quick-address')));
  });

  it('gives the focus back to the field when the server refuses the order', {
    timeout: 20_000,
  }, async () => {
    const { api, name } = await filledWithFocusInName(() =>
      json(422, {
        message: 'Datele trimise nu sunt valide.',
        code: 'validation_failed',
        errors: { client_name: ['Numele este prea lung.'] },
      }),
    );
    await press(name, 'Enter', true);
    await waitFor(() => expect(api.calls('POST /api/orders')).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((name as HTMLInputElement).value).toBe('Ion');
  });

  it('keeps the focus in the form when the order is not valid yet', {
    timeout: 20_000,
  }, async () => {
    session.setToken('tok');
    session.setUser(dispatcher);
    const api = stubFetch(routes);
    renderApp('/operator/v2');
    const phone = await screen.findByTestId('quick-phone', {}, { timeout: 5000 });
    phone.focus();
    await press(phone, 'Enter', true);
    expect(await screen.findByText('Telefonul este obligatoriu.')).toBeTruthy();
    expect(document.activeElement).toBe(phone);
    expect(api.calls('POST /api/orders')).toHaveLength(0);
  });
});

describe('v2 quick form: the fixed price', () => {
  it("sends 'Preț fix' as cost in bani, and says it on the line", { timeout: 20_000 }, async () => {
    const { api, name } = await filledWithFocusInName(() => json(201, buildOrder({ id: 71 })));
    fireEvent.change(screen.getByTestId('fixed-price'), { target: { value: '25,5' } });
    expect(screen.getByTestId('fare-estimate').textContent).toBe('Preț fix: 25,50 RON');
    await press(name, 'Enter', true);
    await waitFor(() => expect(api.calls('POST /api/orders')).toHaveLength(1));
    expect(api.calls('POST /api/orders')[0]?.body).toMatchObject({ cost: 2550 });
    // Emptied for the next call.
    await waitFor(() =>
      expect((screen.getByTestId('fixed-price') as HTMLInputElement).value).toBe(''),
    );
  });
});
