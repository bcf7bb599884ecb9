import { vi } from 'vitest';

/** One recorded request: method, path, query, JSON body and headers. */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (request: StubRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Stubs `fetch`, the browser boundary (the only thing these tests fake): routes by
 * 'METHOD /path' (query ignored) and records every request. Unrouted requests answer 404.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const request: StubRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return json(404, { message: 'Not found', code: 'not_found' });
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** Requests to 'METHOD /path'. */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
