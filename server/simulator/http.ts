import {
  buildPath,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@common/http/define-endpoint';

/** A request the server answered with an error status (or did not answer: status 0). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** No simulator request may hang a driver's loop: the server answers in milliseconds. */
const TIMEOUT_MS = 15_000;

/**
 * One endpoint of the shared contracts, called over HTTP as any client would: the
 * simulators speak to the server only through its public API, with a bearer token. The answer
 * is checked against the contract, so a changed server fails loudly here.
 */
export async function callApi<E extends Endpoint>(
  baseUrl: string,
  endpoint: E,
  request: RequestOf<E>,
  token?: string,
): Promise<ResponseOf<E>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.size > 0 ? `?${search}` : '';
  const path = buildPath(endpoint.path, request.params as Record<string, unknown> | undefined);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(new URL(path + query, baseUrl), {
      method: endpoint.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new HttpError(0, `${endpoint.method} ${path}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text.slice(0, 200);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the text itself
    }
    throw new HttpError(
      response.status,
      `${endpoint.method} ${path}: ${response.status} ${message}`,
    );
  }
  return endpoint.response.parse(text ? JSON.parse(text) : null) as ResponseOf<E>;
}
