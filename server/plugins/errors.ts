import { type ErrorBody, NOT_FOUND } from '@common/http/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/app-error';
import { applySecurityHeaders } from './security-headers';

/** PostgreSQL / socket errors that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
]);

const isUnavailable = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      current instanceof Error &&
      /Connection terminated|connection is closed|PGlite is closed|pool after calling end/i.test(
        current.message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Turns zod issues into the spec's shape: field → list of messages. A Map, not an
 * object: a field named like an Object member (`constructor`, `toString`) is just a name here
 * (`errors['constructor']` was Object's constructor, and `.includes` threw).
 */
function fieldErrorsOf(
  validation: {
    instancePath: string;
    message?: string;
    keyword: string;
    params: Record<string, unknown>;
  }[],
  context: string | undefined,
): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = errors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(field, list);
  };
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys)
        add(path ? `${path}.${String(key)}` : String(key), 'Câmp necunoscut.');
      continue;
    }
    add(path || context || 'body', issue.message ?? 'Valoare invalidă.');
  }
  return Object.fromEntries(errors);
}

const isOutOfRange = (issue: { keyword: string }) =>
  issue.keyword === 'too_big' || issue.keyword === 'too_small';

const send = (reply: FastifyReply, status: number, body: ErrorBody) => {
  // The error body never matches a route's success schema: bypass the serializer compiler.
  reply.serializer(JSON.stringify).code(status).type('application/json; charset=utf-8').send(body);
};

/**
 * The one error handler: validation → 422 with field errors, domain errors →
 * their status, database outage → 503, anything else → 500 with no internals. Every error is
 * logged with the request id; the answer carries the id so a user can quote it.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const request_id = String(request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id out of range (0, negative, beyond int4) is a well-formed id of no row: not
      // found, as any other id of no row is. Letters for an id stay a 422.
      if (error.validationContext === 'params' && error.validation.every(isOutOfRange)) {
        request.log.info({ url: request.routeOptions.url }, 'path id out of range');
        return send(reply, 404, { message: NOT_FOUND.resource, code: 'not_found', request_id });
      }
      const errors = fieldErrorsOf(error.validation, error.validationContext);
      request.log.info({ errors }, 'request validation failed');
      return send(reply, 422, {
        message: 'Datele trimise nu sunt valide.',
        code: 'validation_failed',
        errors,
        request_id,
      });
    }
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, error.message);
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, {
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        request_id,
      });
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, {
        message: 'Serviciul este temporar indisponibil. Reîncercați.',
        code: 'unavailable',
        request_id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      request.log.info({ err: error }, 'client error');
      const code =
        status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'bad_request';
      const message = status === 413 ? 'Cererea este prea mare.' : 'Cerere invalidă.';
      return send(reply, status, { message, code, request_id });
    }
    request.log.error(
      { err: error, method: request.method, url: request.routeOptions.url },
      'unhandled error',
    );
    return send(reply, 500, {
      message: 'A apărut o eroare neașteptată.',
      code: 'internal',
      request_id,
    });
  });
}

/**
 * Errors Fastify's router raises before any route or hook runs: a path that
 * cannot be decoded (`%` without two hex digits) and a path parameter over 100 characters. They
 * answer in our one error shape like every other error; a parameter that long names nothing,
 * so it is not found. Without this, Fastify answered its own body, echoing the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const request_id = String(request.id);
  request.log.info({ code: error.code }, 'request rejected by the router');
  // These answers skip the onSend hooks: set the headers every answer carries here.
  applySecurityHeaders(reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 404, { message: NOT_FOUND.resource, code: 'not_found', request_id });
  }
  return send(reply, 400, { message: 'Cerere invalidă.', code: 'bad_request', request_id });
}
