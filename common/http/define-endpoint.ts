import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One endpoint of the API, described once with zod schemas (Contracts).
 * The server registers routes from it (validation, serialisation, OpenAPI); the web
 * client builds URLs and types results from the same object.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `/api/users/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the 2xx body; `z.null()` for 204-style answers. */
  response: z.ZodType;
  /**
   * A file download: the media types its success answer may have (its `response` is then
   * `z.string()`, the file's bytes), with a `content-disposition` naming the file.
   */
  produces?: readonly string[];
  /** Status code of the success answer, 200 unless said. */
  status?: 200 | 201 | 204;
  /**
   * Error statuses the handler itself may answer (a refused transition's 409, a role check's
   * 403, the login limit's 429). The ones every route of its kind may answer are added when the
   * route is registered (server/http/route.ts `documentedErrors`), so the OpenAPI document lists
   * every status a caller can get, and the fuzz suite holds the server to it.
   */
  errors?: readonly DomainErrorStatus[];
}

/** Statuses a handler answers from its own rules (AppError), beyond validation and auth. */
export type DomainErrorStatus = 401 | 403 | 404 | 409 | 422 | 429;

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends Endpoint> = Infer<E['params']>;
export type QueryOf<E extends Endpoint> = Infer<E['query']>;
export type BodyOf<E extends Endpoint> = Infer<E['body']>;
export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;

/** What a caller passes: the schemas' input types (before coercion and defaults). */
export type RequestOf<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: InferInput<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: InferInput<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? // A body that may be absent (null or undefined) need not be passed.
      null extends InferInput<E['body']>
      ? { body?: InferInput<E['body']> }
      : { body: InferInput<E['body']> }
    : { body?: undefined });

/** Fills `:name` segments of a path from params, URL-encoded. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
