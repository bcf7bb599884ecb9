import type { LoggedUser } from '@common/auth/auth.schema';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ACCESS_TITLE } from '../components/NoAccess';
import { session } from '../lib/session';
import { renderApp } from '../test/render-app';

/**
 * A page the person may not open says so; a record that does not exist says it was not
 * found; the menu lights one entry only.
 */
const taxi = { id: 1, name: 'Taxi Nord', type: 'dispatch', package_id: 1, lat: null, lng: null };
const dispatcher: LoggedUser = {
  id: 3,
  name: 'Ana Pop',
  email: 'ana@example.ro',
  phone: null,
  roles: ['dispatcher'],
  companies: [{ ...taxi, type: 'dispatch', package_id: 1 }],
  meta: [{ key: 'sip_extension', value: '101' }],
};
const manager: LoggedUser = { ...dispatcher, id: 5, roles: ['manager'] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answer: (url: string) => Response;

beforeEach(() => {
  answer = () => json(404, { message: 'Resursa nu a fost găsită.', code: 'not_found' });
  fetchMock = vi.fn<typeof fetch>(async (input) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});
const logIn = (user: LoggedUser) => {
  session.setToken('tok');
  session.setUser(user);
};

describe('messages that do not mislead', () => {
  it('tells a dispatcher he may not add a user, instead of "user not found"', async () => {
    logIn(dispatcher);
    renderApp('/user/0/dispatcher');
    expect(await screen.findByText(NO_ACCESS_TITLE, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Utilizatorul nu a fost găsit.')).toBeNull();
  });

  it('tells a dispatcher he may not add a car, and one that is missing that it was not found', async () => {
    logIn(dispatcher);
    renderApp('/car/0');
    expect(await screen.findByText(NO_ACCESS_TITLE, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Mașina nu a fost găsită.')).toBeNull();
  });

  it('says not found for a car that does not exist', async () => {
    logIn(dispatcher);
    answer = (url) =>
      url.startsWith('/api/cars/')
        ? json(404, { message: 'Mașina nu a fost găsită.', code: 'not_found' })
        : json(404, { message: 'x', code: 'not_found' });
    renderApp('/car/99');
    expect(
      await screen.findByText('Mașina nu a fost găsită.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(NO_ACCESS_TITLE)).toBeNull();
  });

  it('says no access when the server refuses a user page (403), not found when it is missing', async () => {
    logIn(manager);
    answer = (url) =>
      url.startsWith('/api/users/7')
        ? json(403, { message: 'Nu aveți dreptul să faceți această acțiune.', code: 'forbidden' })
        : json(404, { message: 'Utilizatorul nu a fost găsit.', code: 'not_found' });
    renderApp('/user/7/dispatcher');
    expect(await screen.findByText(NO_ACCESS_TITLE, undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('refuses the devices page to a dispatcher with a clear message, and offers no entry', async () => {
    logIn(dispatcher);
    renderApp('/devices');
    expect(await screen.findByText(NO_ACCESS_TITLE, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('menu-/devices')).toBeNull();
  });

  it('links the dashboard cards only to lists the person may open', async () => {
    logIn({
      ...dispatcher,
      roles: ['company'],
      companies: [{ ...taxi, type: 'courier', package_id: 2 }],
      meta: [],
    });
    renderApp('/dashboard');
    const drivers = await screen.findByTestId('stat-drivers', undefined, { timeout: 10_000 });
    expect(drivers.closest('a')).toBeNull();
    expect(screen.getByTestId('stat-orders-today').closest('a')).not.toBeNull();
  });

  it("gives a protocol client no dashboard: its figures are the fleet's", async () => {
    logIn({
      ...dispatcher,
      roles: ['company'],
      companies: [{ ...taxi, type: 'protocol', package_id: 1 }],
      meta: [],
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText('Nu aveți acces la această pagină.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('menu-/dashboard')).toBeNull();
  });

  it('lights only Delimitare zone on /settings/polygons', async () => {
    logIn({ ...dispatcher, roles: ['manager', 'dispatcher'] });
    renderApp('/settings/polygons');
    const zones = await screen.findByTestId('menu-/settings/polygons', undefined, {
      timeout: 10_000,
    });
    await waitFor(() => expect(zones.getAttribute('data-active')).toBe('true'));
    const nav = screen.getByRole('navigation', { name: 'Meniu principal' });
    expect(nav.querySelectorAll('[data-active="true"]')).toHaveLength(1);
    expect(screen.getByTestId('menu-group-sistem').getAttribute('data-active')).toBeNull();
  });
});
