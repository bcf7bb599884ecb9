import { createAccessToken, deleteAccessToken, verifyAccessToken } from '@common/auth/auth.api';
import { getContent } from '@common/content/content.api';
import { listUsers } from '@common/users/users.api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiWith, buildQueryString, setUnauthorizedHandler } from './api-client';
import { session } from './session';

const user = {
  id: 7,
  name: 'Ana Pop',
  email: 'ana@example.ro',
  phone: null,
  roles: ['dispatcher' as const],
  companies: [],
  meta: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  onUnauthorized = vi.fn(() => session.clear());
  setUnauthorizedHandler(onUnauthorized);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastCall = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

describe('api — requests', () => {
  it('builds the path from params and sends the bearer token', async () => {
    session.setToken('tok-1');
    fetchMock.mockResolvedValue(json(200, { id: 1, title: 'T', content: '<p>x</p>' }));
    const content = await api(getContent, { params: { id: 1 } });
    expect(content.title).toBe('T');
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/content/1');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(init.body).toBeUndefined();
  });

  it("acts with another session's token when told (/simulator), keepalive kept", async () => {
    session.setToken('tok-dispatcher');
    fetchMock.mockResolvedValue(
      json(401, { message: 'Sesiunea a expirat.', code: 'unauthenticated' }),
    );
    await expect(
      apiWith(verifyAccessToken, {
        token: 'tok-driver',
        ignoreUnauthorized: true,
        keepalive: true,
      }),
    ).rejects.toMatchObject({ status: 401 });
    const { init, headers } = lastCall();
    expect(headers.get('Authorization')).toBe('Bearer tok-driver');
    expect(init.keepalive).toBe(true);
    // The driver's session failed, not the dispatcher's: he stays logged in.
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(session.token()).toBe('tok-dispatcher');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json(200, user));
    await api(verifyAccessToken);
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('serialises the query string and the JSON body', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [], meta: { total: 0, page: 1, per_page: 15 } }));
    await api(listUsers, { query: { role: 'driver', search: 'ion pop', identifier: undefined } });
    expect(lastCall().url).toBe('/api/users?role=driver&search=ion+pop');

    fetchMock.mockResolvedValue(json(201, { token: 't', expires_at: '2030-01-01 00:00:00' }));
    await api(createAccessToken, { body: { email: 'a@b.ro', password: 'x' } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.ro', password: 'x' });
  });

  it('answers null for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api(deleteAccessToken)).resolves.toBeNull();
  });

  it('joins array query values with commas (states)', () => {
    expect(buildQueryString({ states: ['created', 'assigned'], page: 2, empty: null })).toBe(
      '?states=created%2Cassigned&page=2',
    );
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('api — errors', () => {
  it('throws ApiError with the status and field → messages', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        message: 'Date invalide',
        code: 'validation_failed',
        errors: { email: ['Adresa de e-mail nu este validă.'] },
        request_id: 'r1',
      }),
    );
    const error = await api(createAccessToken, { body: { email: 'x', password: 'y' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.message).toBe('Date invalide');
    expect(apiError.fieldErrors).toEqual({ email: ['Adresa de e-mail nu este validă.'] });
    expect(apiError.body.request_id).toBe('r1');
  });

  it('survives a non-JSON error body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await api(verifyAccessToken).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal');
    expect(error.fieldErrors).toEqual({});
  });

  it('ignores a malformed errors object', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'x', code: 'bad_request', errors: 'nope' }));
    const error = (await api(verifyAccessToken).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({});
  });

  it('turns a network failure into ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api(verifyAccessToken).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
  });
});

describe('api — 401 (logout and go to /login)', () => {
  beforeEach(() => {
    session.setToken('stale');
    session.setUser(user);
  });

  it('ends the session on 401 from an ordinary call', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Neautentificat', code: 'unauthenticated' }));
    await expect(api(getContent, { params: { id: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(session.get()).toBeNull();
  });

  it('does not on 401 from the login call (wrong credentials)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Date greșite', code: 'unauthenticated' }));
    await expect(
      api(createAccessToken, { body: { email: 'a@b.ro', password: 'bad' } }),
    ).rejects.toMatchObject({ status: 401, message: 'Date greșite' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(session.get()).not.toBeNull();
  });

  it('does not when the caller asked to ignore it', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'x', code: 'unauthenticated' }));
    await expect(apiWith(deleteAccessToken, { ignoreUnauthorized: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not on other errors', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'Interzis', code: 'forbidden' }));
    await expect(api(verifyAccessToken)).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
