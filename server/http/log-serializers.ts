import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What a log line may carry (docs/DECISIONS.md "What the logs may
 * and may not contain"): the request id, method, route, status, timing, error type, SQLSTATE and
 * the SQL statement's shape with its `$n` placeholders. Never SQL parameter values, request
 * bodies, full phone numbers, client names, passwords, tokens or cookies.
 */

/** The SQL shape is for recognising the statement, not for reading it in full. */
export const MAX_QUERY_SHAPE = 300;
const MAX_MESSAGE = 500;
const MAX_URL = 1000;
const MAX_STACK_FRAMES = 20;
const MAX_CAUSE_DEPTH = 5;
const MAX_AGGREGATED = 5;

/** Seven or more digits, optionally after a '+' and split by single spaces, dots or dashes. */
const PHONE = /\+?\d(?:[ .-]?\d){6,}/g;

/** '0744 123 456' → '07…56': enough to tell two numbers apart in a log, not to call one. */
export function maskPhones(text: string): string {
  return text.replace(PHONE, (match) => {
    const digits = match.replace(/\D/g, '');
    return `${match.startsWith('+') ? '+' : ''}${digits.slice(0, 2)}…${digits.slice(-2)}`;
  });
}

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A statement's text with `$n` placeholders, on one line and cut to a sane length. */
export function queryShape(query: string): string {
  return truncate(maskPhones(query.replace(/\s+/g, ' ').trim()), MAX_QUERY_SHAPE);
}

/** A query string's values except small counters (page, per_page, ids): they may be personal. */
const KEPT_QUERY_VALUE = /^(?:\d{1,6}|true|false)?$/;

/**
 * A request URL as a log may show it: every query-string key kept, every value but a small
 * number replaced by '…' (?phone=0744123456 → ?phone=…); phone-like path segments masked
 * (/user-addresses/addresses/0744123456 → …/07…56).
 */
/**
 * Paths whose next segment is a secret (/driver/reports/{token}): the token
 * opens a driver's trips to whoever holds it, so a log never shows it.
 */
const SECRET_SEGMENT = /^(\/(?:api\/driver-reports|driver\/reports))\/[^/?#]+/;

export function maskUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark === -1 ? url : url.slice(0, mark)).replace(SECRET_SEGMENT, '$1/…');
  const maskedPath = path
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      const masked = maskPhones(decoded);
      return masked === decoded ? segment : masked;
    })
    .join('/');
  if (mark === -1) return truncate(maskedPath, MAX_URL);
  const maskedQuery = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return maskPhones(safeDecode(pair));
      const value = pair.slice(equals + 1);
      return `${maskPhones(safeDecode(pair.slice(0, equals)))}=${KEPT_QUERY_VALUE.test(value) ? value : '…'}`;
    })
    .join('&');
  return truncate(`${maskedPath}?${maskedQuery}`, MAX_URL);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  /** The frames under a cleaned first line (just that line when there were none). */
  stack: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's SQLSTATE, for errors from the database. */
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The failing statement's shape: `$n` placeholders, never the values bound to them. */
  query?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
}

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown };

const stringField = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** A PostgreSQL error (pg's or PGlite's DatabaseError): a SQLSTATE code and a severity. */
const sqlStateOf = (error: ErrorLike): string | undefined => {
  const code = stringField(error.code);
  return code && /^[0-9A-Z]{5}$/.test(code) && typeof error.severity === 'string'
    ? code
    : undefined;
};

/**
 * An error's message without the values it may quote: drizzle's "Failed query: <sql>\nparams:
 * <values>" keeps only "Failed query" (the shape goes to `query`); messages that quote their
 * input (`quotesInput`: PostgreSQL's data exceptions, 'invalid input syntax for type integer:
 * "Ana Pop"', and JSON syntax errors, 'Unexpected token 'A', "Ana" is not valid JSON') lose the
 * quoted part; phone-like numbers are masked everywhere.
 */
export function safeMessage(message: string, quotesInput = false): string {
  let text = message;
  const params = text.indexOf('\nparams:');
  if (params !== -1) text = text.slice(0, params);
  if (text.startsWith('Failed query:')) text = 'Failed query';
  // From the first quote to the last: the quoted input may hold quotes of its own.
  if (quotesInput) text = text.replace(/"[\s\S]*"/, '"…"');
  // "Key (phone)=(0744123456)" as in a unique violation's detail, should a message quote one.
  text = text.replace(/\)=\([^)]*\)/g, ')=(…)');
  return truncate(maskPhones(text), MAX_MESSAGE);
}

/** The stack's frames under a cleaned first line: V8 repeats the raw message at the top. */
function safeStack(stack: unknown, header: string): string {
  if (typeof stack !== 'string') return header;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_STACK_FRAMES)
    .map(maskPhones);
  return [header, ...frames].join('\n');
}

const typeOf = (value: object): string => {
  const name = value.constructor?.name;
  return name && name !== 'Object' ? name : 'Error';
};

function serialize(value: unknown, depth: number, seen: Set<unknown>): SerializedError {
  if (value === null || typeof value !== 'object') {
    const message = safeMessage(String(value));
    return { type: typeof value, message, stack: message };
  }
  if (seen.has(value)) return { type: 'object', message: '[circular]', stack: '[circular]' };
  seen.add(value);
  const error = value as ErrorLike;
  const type = typeOf(value);
  const sqlState = sqlStateOf(error);
  const quotesInput = Boolean(sqlState?.startsWith('22')) || value instanceof SyntaxError;
  const message = safeMessage(stringField(error.message) ?? '', quotesInput);
  const out: SerializedError = {
    type,
    message,
    stack: safeStack(error.stack, `${type}: ${message}`),
  };
  const code = stringField(error.code);
  if (code) out.code = code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  if (sqlState) {
    out.sqlState = sqlState;
    // Identifiers, not data: the detail ("Key (phone)=(…)"), `where` and parameters stay out.
    for (const key of ['constraint', 'table', 'column'] as const) {
      const field = stringField(error[key]);
      if (field) out[key] = field;
    }
  }
  const query = stringField(error.query);
  if (query) out.query = queryShape(query);
  if (depth < MAX_CAUSE_DEPTH) {
    if (error.cause !== undefined && error.cause !== null) {
      out.cause = serialize(error.cause, depth + 1, seen);
    }
    if (Array.isArray(error.errors)) {
      out.errors = error.errors
        .slice(0, MAX_AGGREGATED)
        .map((inner) => serialize(inner, depth + 1, seen));
    }
  }
  return out;
}

/** pino's `err` serializer: any thrown value, its causes included, without the data it quotes. */
export function serializeError(value: unknown): SerializedError {
  return serialize(value, 0, new Set());
}

/** Fastify's request summary with the URL masked (maskUrl). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's pino options: the serializers above, redaction of credentials, and every log
 * message string cleaned like an error message (Fastify logs some errors' messages as the line's
 * text, e.g. when a handler of its own answers).
 */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    // Secrets never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    serializers: { err: serializeError, req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((arg) => (typeof arg === 'string' ? safeMessage(arg) : arg));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  } satisfies LoggerOptions & { stream?: DestinationStream };
}
