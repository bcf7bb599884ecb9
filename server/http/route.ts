import type { Role } from '@common/auth/auth.schema';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@common/http/define-endpoint';
import { ErrorBodySchema } from '@common/http/errors';
import { INVALID_TEXT, isCleanText } from '@common/http/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthenticated, validationFailed } from './app-error';
import type { AuthContext } from './auth-context';
import { attachment, Download } from './download';
import { ReusableBuffers } from './reusable-buffers';

/** Who may call a route: anyone, any logged-in user, or users holding one of the roles. */
export type Access = { public: true } | { roles: readonly Role[] | 'any' };

/**
 * The back office's users (admin, dispatcher, and company users of protocol, delivery
 * or restaurant companies; a company's manager, docs/ADMINISTRATION.md): whoever works the order
 * console and its services.
 */
export const CONSOLE_ROLES = [
  'admin',
  'manager',
  'dispatcher',
  'company',
] as const satisfies readonly Role[];

export interface HandlerInput<E extends Endpoint, A extends Access> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  auth: A extends { public: true } ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer serialised ahead of time (e.g. assembled from cached, already validated fragments):
 * its UTF-8 parts are sent as one body, joined in a reused buffer (reusable-buffers.ts). The
 * type parameter keeps it tied to the endpoint's response contract. Bytes, not a string: a
 * 50-row page is ~80 kB, and a string body is measured (Buffer.byteLength) and encoded again on
 * every send, which cost more CPU than assembling it (bench/orders-lists).
 */
export class Json<T> {
  declare readonly contract: T;
  constructor(readonly parts: readonly Buffer[]) {}
}

const pageBuffers = new ReusableBuffers();

/**
 * The dotted path of the first string (value or key) in a parsed input that holds a control
 * character or a lone surrogate; '' for the input itself, undefined when all of it is clean.
 */
export function firstUncleanText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return at;
    const found = firstUncleanText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Every error status a route may answer, for its OpenAPI document ("only documented
 * status codes"): what any route answers (400 a malformed request, 503 the database away), what
 * its kind answers (401/403 its guard, 404 a path naming nothing, 413/415 a body, 422 its
 * inputs), and what its own rules answer (`endpoint.errors`).
 */
export function documentedErrors(endpoint: Endpoint, access: Access): number[] {
  const statuses = new Set<number>([400, 503, ...(endpoint.errors ?? [])]);
  if (!('public' in access)) statuses.add(401);
  if ('roles' in access && access.roles !== 'any') statuses.add(403);
  if (endpoint.params) statuses.add(404);
  if (endpoint.body) for (const status of [413, 415]) statuses.add(status);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Every route's access as registered, per app: the authorization matrix test checks it against
 * its reviewed table and then every route × role against the running app.
 */
const registeredAccess = new WeakMap<FastifyInstance, Map<string, Access>>();

/** The access of each route of an app, keyed `METHOD /path`. */
export const accessOfRoutes = (app: FastifyInstance): ReadonlyMap<string, Access> =>
  registeredAccess.get(app) ?? new Map();

/** Resolves the bearer token of a request; registered by the auth plugin. */
export type Authenticate = (request: FastifyRequest) => Promise<AuthContext | null>;

/**
 * Registers a route from its shared contract (Contracts): zod validates params,
 * query and body (unknown fields rejected by strict schemas) and serialises the answer; the
 * guard checks the token and the role before the handler runs. Routes stay thin.
 */
export function route<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  authenticate: Authenticate,
  endpoint: E,
  access: A,
  handler: (input: HandlerInput<E, A>) => Promise<ResponseOf<E> | Json<ResponseOf<E>> | Download>,
): void {
  const status = endpoint.status ?? 200;
  const inventory = registeredAccess.get(app) ?? new Map<string, Access>();
  registeredAccess.set(app, inventory);
  inventory.set(`${endpoint.method} ${endpoint.path}`, access);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        [status]: endpoint.produces
          ? {
              content: Object.fromEntries(
                endpoint.produces.map((type) => [type, { schema: z.string() }]),
              ),
            }
          : endpoint.response,
        ...Object.fromEntries(
          documentedErrors(endpoint, access).map((code) => [code, ErrorBodySchema]),
        ),
      },
    },
    // The guard runs before validation: an anonymous caller learns nothing about the schema.
    onRequest: async (request) => {
      const auth = await authenticate(request);
      request.auth = auth;
      if ('public' in access) return;
      if (!auth) throw unauthenticated();
      if (access.roles !== 'any' && !auth.roles.some((role) => access.roles.includes(role))) {
        throw forbidden();
      }
    },
    // The net under the shared text schemas (common/http/fields.ts): whatever a contract lets
    // through, no control character or broken Unicode reaches a handler.
    preHandler: async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        // A part the contract does not take is never read: no need to refuse it.
        if (!endpoint[part]) continue;
        const field = firstUncleanText(value);
        if (field !== undefined) throw validationFailed({ [field || part]: [INVALID_TEXT] });
      }
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        auth: request.auth as HandlerInput<E, A>['auth'],
        request,
        reply,
      });
      if (status === 204) return reply.code(204).send();
      if (result instanceof Download) {
        return reply
          .code(status)
          .header('content-disposition', attachment(result.fileName))
          .type(result.contentType)
          .send(result.body);
      }
      // A Buffer body: Fastify sends it without serialising or encoding it again. The buffer is
      // reused once the response is closed: finished (handed to the kernel) or aborted.
      if (result instanceof Json) {
        const { bytes, release } = pageBuffers.join(result.parts);
        reply.raw.once('close', release);
        return reply.code(status).type('application/json; charset=utf-8').send(bytes);
      }
      return reply.code(status).send(result);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
