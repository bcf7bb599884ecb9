import type { LoggedUser } from '@common/auth/auth.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { renderApp } from '../test/render-app';

const dispatcher: LoggedUser = {
  id: 3,
  name: 'Ana Pop',
  email: 'ana@example.ro',
  phone: '+40722000000',
  roles: ['dispatcher'],
  companies: [{ id: 1, name: 'Taxi Nord', type: 'dispatch', package_id: 1, lat: null, lng: null }],
  meta: [],
};
const companyUser: LoggedUser = {
  ...dispatcher,
  id: 4,
  roles: ['company'],
  companies: [
    { id: 2, name: 'Pizza Sud', type: 'restaurant', package_id: 3, lat: 45.1, lng: 24.3 },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => json(404, { message: 'x', code: 'not_found' }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const logIn = (user: LoggedUser) => {
  session.setToken('tok');
  session.setUser(user);
};

describe('shell', () => {
  it('shows the site header to visitors, with the enrollment link and login button', async () => {
    renderApp('/');
    expect(await screen.findByTestId('site-header')).toBeTruthy();
    expect(screen.getByTestId('enroll-link').getAttribute('href')).toBe('/business/enroll');
    expect(screen.getByRole('button', { name: 'Autentificare' })).toBeTruthy();
    expect(await screen.findByText('Înscriere firmă')).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Dispecerat taxi, curierat și livrări · OGO Dashboard'),
    );
  });

  it('titles pages from route metadata', async () => {
    renderApp('/business/enroll');
    await screen.findByRole('button', { name: 'Înscrie firma' });
    await waitFor(() => expect(document.title).toBe('Înscriere firmă · OGO Dashboard'));
  });

  it('sends visitors of login-required pages to /login with a redirect', async () => {
    const router = renderApp('/settings/account?tab=company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/settings/account?tab=company')}`,
    );
  });

  it('sends visitors of login-required pages not built yet to /login too', async () => {
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/dashboard')}`);
  });

  it('sends a restaurant user who types /operator to their own console', async () => {
    logIn(companyUser);
    const router = renderApp('/operator/order/12');
    // The matched routes' chunks load first (the console's are big in a test run).
    await waitFor(() => expect(router.state.location.pathname).toBe('/delivery/order/12'), {
      timeout: 10_000,
    });
    expect(await screen.findByTestId('pos-header')).toBeTruthy();
  });

  it('shows a clear page, not a console, to a user without one', async () => {
    logIn({ ...dispatcher, roles: ['driver'] });
    const router = renderApp('/operator');
    expect(await screen.findByTestId('no-console', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/operator');
    expect(screen.queryByTestId('operator-console')).toBeNull();
  });

  it('logs in from the header dropdown and lands on the home screen', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/access-tokens' && init?.method === 'POST') {
        return json(201, { token: 'new-token', expires_at: '2030-01-01 00:00:00' });
      }
      if (url === '/api/verify-access-tokens') return json(200, dispatcher);
      if (url === '/api/user-activity') return json(200, { isOnline: true });
      return json(404, { message: 'x', code: 'not_found' });
    });
    const router = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Autentificare' }));
    fireEvent.change(await screen.findByLabelText(/E-mail/), {
      target: { value: 'ana@example.ro' },
    });
    fireEvent.change(screen.getByLabelText(/Parolă/), { target: { value: 'secret' } });
    // The dropdown is visible once its opening transition has run.
    const submit = await screen.findByRole('button', { name: 'Intră în cont' });
    await act(async () => fireEvent.click(submit));

    expect(await screen.findByText('V-ați conectat cu succes!')).toBeTruthy();
    // A dispatcher's home is the operator console, whose empty path opens a new order.
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/0'), {
      timeout: 5000,
    });
    expect(await screen.findByTestId('admin-header')).toBeTruthy();
    expect(session.get()?.token).toBe('new-token');
    const activity = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user-activity');
    expect(JSON.parse(String(activity?.[1]?.body))).toEqual({ isOnline: true });
  });

  it('shows client-side validation messages without calling the server', async () => {
    renderApp('/login');
    const submit = await screen.findByRole('button', { name: 'Intră în cont' });
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText('Introduceți adresa de e-mail.')).toBeTruthy();
    expect(screen.getByText('Introduceți parola.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a rate-limited login', async () => {
    fetchMock.mockResolvedValue(json(429, { message: 'Too many', code: 'too_many_requests' }));
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/E-mail/), {
      target: { value: 'ana@example.ro' },
    });
    fireEvent.change(screen.getByLabelText(/Parolă/), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Intră în cont' })));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Prea multe încercări. Încercați din nou mai târziu.',
    );
  });

  it('gives non-company users the admin header with only built pages in the menu', async () => {
    logIn(dispatcher);
    renderApp('/settings/account');
    expect(await screen.findByTestId('admin-header')).toBeTruthy();
    expect(screen.getByTestId('clock').textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('menu-group-sistem')).toBeTruthy();
    expect(screen.getByTestId('menu-/dashboard')).toBeTruthy();
    // 'Financiar' holds the built pages a dispatcher reads: the discounts and the fare's settings.
    expect(screen.getByTestId('menu-group-financiar')).toBeTruthy();
    // The users lists exist; a dispatcher reads them (docs/ADMINISTRATION.md).
    expect(screen.getByTestId('menu-group-utilizatori')).toBeTruthy();
    expect(screen.getByTestId('account-details').textContent).toContain('ana@example.ro');
  });

  it('gives company users the point-of-sale header and shows their company', async () => {
    logIn(companyUser);
    renderApp('/settings/account?tab=company');
    expect(await screen.findByTestId('pos-header')).toBeTruthy();
    expect((await screen.findByTestId('company-center')).textContent).toContain('45.10000');
  });

  it('uses the fallback centre for a company without coordinates', async () => {
    logIn(dispatcher);
    renderApp('/settings/account?tab=company');
    const center = await screen.findByTestId('company-center');
    expect(center.textContent).toContain('44.42680, 26.10250');
    expect(center.textContent).toContain('centrul implicit');
  });

  it('logs out: revokes the token, clears the session, goes home', async () => {
    logIn(dispatcher);
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    const router = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.get()).toBeNull();
    const calls = fetchMock.mock.calls
      .map(([url, init]) => `${init?.method} ${String(url)}`)
      // The dispatcher's softphone and messages badge start while logged in.
      .filter((call) => !call.includes('/api/calls/') && !call.includes('/api/messages/'));
    expect(calls).toEqual(['PATCH /api/user-activity', 'DELETE /api/access-tokens']);
    expect(await screen.findByTestId('site-header')).toBeTruthy();
  });

  it('answers unknown paths with the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('renders the content page from the content endpoint', async () => {
    fetchMock.mockResolvedValue(
      json(200, { id: 1, title: 'Politica', content: '<p>Text <b>aici</b></p>' }),
    );
    renderApp('/driver/privacy');
    expect(await screen.findByText('Politica')).toBeTruthy();
    expect(screen.getByTestId('content-html').innerHTML).toBe('<p>Text <b>aici</b></p>');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/content/1');
  });
});
