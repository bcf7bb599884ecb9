import { createAccessToken } from '@common/auth/auth.api';
import {
  buildPath,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@common/http/define-endpoint';
import type { ErrorBody } from '@common/http/errors';
import { session } from './session';

/**
 * A failed request: the HTTP status and the server's error body (common/http/errors.ts).
 * Status 0 means the server was not reached at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }

  /** Server validation errors are an object of field → list of messages. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server refused the person (403), as opposed to a record that does not exist (404). */
export const isForbidden = (error: unknown): boolean => isApiError(error) && error.status === 403;

export interface ApiOptions {
  signal?: AbortSignal;
  /**
   * Do not end the session on 401. For calls whose 401 means something else: the
   * start-up verify (a stale token just means "logged out") and logout itself.
   */
  ignoreUnauthorized?: boolean;
  /** Extra request headers, such as `Idempotency-Key` on order creation. */
  headers?: Record<string, string>;
  /**
   * Another session's token instead of the logged user's: /simulator acts as a driver with the
   * session POST /api/simulator/sessions gave it. Pair it with ignoreUnauthorized.
   */
  token?: string;
  /** The request outlives the page (fetch keepalive): /simulator's drivers go offline on close. */
  keepalive?: boolean;
}

type UnauthorizedHandler = () => void;

// A 401 logs the user out and goes to /login. The app installs a handler that
// also disconnects the socket, empties the cache and navigates inside the router.
let onUnauthorized: UnauthorizedHandler = () => {
  session.clear();
  window.location.assign('/login');
};

export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Query values: undefined/null are left out, arrays are comma-joined (`states`). */
export function buildQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type RequestArgs<E extends Endpoint> =
  Record<string, never> extends RequestOf<E> ? [request?: RequestOf<E>] : [request: RequestOf<E>];

/** Calls one endpoint of the shared contracts (Contracts) and types the answer. */
export function api<E extends Endpoint>(
  endpoint: E,
  ...args: RequestArgs<E>
): Promise<ResponseOf<E>> {
  return request(endpoint, args[0], {});
}

/** `api` with options (abort signal, 401 handling, extra headers). */
export function apiWith<E extends Endpoint>(
  endpoint: E,
  options: ApiOptions,
  ...args: RequestArgs<E>
): Promise<ResponseOf<E>> {
  return request(endpoint, args[0], options);
}

/**
 * Sends one request of an endpoint; answers the response when it is a success, else throws its
 * ApiError (a 401 logs out first, but on the login call).
 */
async function send<E extends Endpoint>(
  endpoint: E,
  req: RequestOf<E> | undefined,
  options: ApiOptions,
  accept: string,
): Promise<Response> {
  const url =
    buildPath(endpoint.path, req?.params as Record<string, unknown> | undefined) +
    buildQueryString(req?.query ?? undefined);
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const token = options.token ?? session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = req?.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(req.body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, {
      message: 'Serverul nu poate fi contactat. Verificați conexiunea.',
      code: 'network_error',
    });
  }
  if (response.ok) return response;

  const body = await readErrorBody(response);
  // The login call answers 401 for wrong credentials: that is a form error, not a logout.
  if (
    response.status === 401 &&
    (endpoint as Endpoint) !== createAccessToken &&
    !options.ignoreUnauthorized
  ) {
    onUnauthorized();
  }
  throw new ApiError(response.status, body);
}

async function request<E extends Endpoint>(
  endpoint: E,
  req: RequestOf<E> | undefined,
  options: ApiOptions,
): Promise<ResponseOf<E>> {
  const response = await send(endpoint, req, options, 'application/json');
  if (response.status === 204) return null as ResponseOf<E>;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as ResponseOf<E>;
}

/**
 * Fetches a file an endpoint `produces` (with the session's token, which never goes in a URL)
 * and hands it to the browser to save under the name the server gave it.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  ...args: RequestArgs<E>
): Promise<string> {
  const response = await send(endpoint, args[0], {}, endpoint.produces?.join(', ') ?? '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return name;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  const isServerSide = response.status >= 500;
  const fallback: ErrorBody = {
    message: isServerSide
      ? `Serverul nu poate răspunde acum (${response.status}). Încercați din nou.`
      : `Cererea a eșuat (${response.status}).`,
    code: isServerSide ? 'internal' : 'bad_request',
  };
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const { message, code, errors, request_id } = parsed as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : fallback.message,
      code: typeof code === 'string' ? code : fallback.code,
      errors: isFieldErrors(errors) ? errors : undefined,
      request_id: typeof request_id === 'string' ? request_id : undefined,
    };
  } catch {
    // A proxy's HTML error page or an empty body.
    return fallback;
  }
}

const isFieldErrors = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
