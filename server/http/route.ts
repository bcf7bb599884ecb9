import type { Role } from '@common/auth/auth.schema';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@common/http/define-endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './app-error';
import type { AuthContext } from './auth-context';
import { ReusableBuffers } from './reusable-buffers';

/** Who may call a route: anyone, any logged-in user, or users holding one of the roles. */
export type Access = { public: true } | { roles: readonly Role[] | 'any' };

/**
 * The back office's users (SPEC §6: admin, dispatcher, and company users of protocol, delivery
 * or restaurant companies): whoever works the order console and its services.
 */
export const CONSOLE_ROLES = ['admin', 'dispatcher', 'company'] as const satisfies readonly Role[];

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

/** Resolves the bearer token of a request; registered by the auth plugin. */
export type Authenticate = (request: FastifyRequest) => Promise<AuthContext | null>;

/**
 * Registers a route from its shared contract (DESIGN §4 Contracts): zod validates params,
 * query and body (unknown fields rejected by strict schemas) and serialises the answer; the
 * guard checks the token and the role before the handler runs. Routes stay thin.
 */
export function route<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  authenticate: Authenticate,
  endpoint: E,
  access: A,
  handler: (input: HandlerInput<E, A>) => Promise<ResponseOf<E> | Json<ResponseOf<E>>>,
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(status === 204 ? {} : { response: { [status]: endpoint.response } }),
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
