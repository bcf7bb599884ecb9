import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { onePlaceRoutes } from '../../../test/place-fixtures';
import { fillQuickForm } from '../../../test/quick-form';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

// The first render loads the lazy route chunks.
const LAZY = { timeout: 5000 };

const empty = { data: [], meta: { total: 0, page: 1, per_page: 50 } };

const routes = {
  'GET /api/dispatcher-orders/statistics': () =>
    json(200, { in_call: 0, live: 0, finished: 0, canceled: 0 }),
  'GET /api/dispatcher-orders/in-call': () => json(200, empty),
  ...onePlaceRoutes,
  'POST /api/orders': () => json(201, buildOrder({ id: 70 })),
};

describe('operator v2 quick form shortcuts', () => {
  it('places nothing with Ctrl+Enter once the form is closed, and places again when reopened', async () => {
    session.setToken('tok');
    session.setUser(dispatcher);
    const api = stubFetch(routes);
    renderApp('/operator/v2');
    await fillQuickForm();

    // Closed with ✕ while filled in: the shortcut must not place the hidden order.
    fireEvent.click(screen.getByTestId('quick-close'));
    await waitFor(() => expect(screen.queryByTestId('quick-order-form')).toBeNull());
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    // Closed with '-' too.
    fireEvent.keyDown(document.body, { key: '+' });
    await screen.findByTestId('quick-order-form');
    fireEvent.keyDown(document.body, { key: '-' });
    await waitFor(() => expect(screen.queryByTestId('quick-order-form')).toBeNull());
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    expect(api.calls('POST /api/orders')).toHaveLength(0);

    // Open again: the shortcut is bound to the new form.
    fireEvent.keyDown(document.body, { key: '+' });
    const form = await screen.findByTestId('quick-order-form');
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    expect(within(form).getByText('Telefonul este obligatoriu.')).toBeTruthy();
    await fillQuickForm();
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    await waitFor(() => expect(api.calls('POST /api/orders')).toHaveLength(1));
  });
});

describe('between the two operator screens (/operator, /operator/v2)', () => {
  it("goes to the quick screen from the top bar ('Ecran rapid') and back ('Ecran complet')", async () => {
    session.setToken('tok');
    session.setUser(dispatcher);
    stubFetch({
      ...routes,
      'GET /api/services': () => json(200, [{ id: 1, name: 'Standard' }]),
      'GET /api/order-options': () => json(200, []),
    });
    const router = renderApp('/operator/order/0');
    const toQuick = await screen.findByTestId('switch-operator-screen', {}, LAZY);
    expect(toQuick.textContent).toBe('Ecran rapid');
    fireEvent.click(toQuick);
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/v2'));
    await screen.findByTestId('quick-order-form', {}, LAZY);
    const back = screen.getByTestId('switch-operator-screen');
    expect(back.textContent).toBe('Ecran complet');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/0'), LAZY);
  });
});
