import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { documentedResponse, type JsonSchema, type Operation, toDraft7 } from './openapi';

/**
 * What every fuzzed answer must satisfy (Schemathesis checks):
 * no 5xx, only documented statuses, bodies matching their documented schema, no internals in a
 * body, no data of another company.
 */
export const ORACLES = [
  'server_error',
  'undocumented_status',
  'response_schema',
  'internals_leaked',
  'cross_tenant_data',
] as const;
export type Oracle = (typeof ORACLES)[number];

export const ORACLE_TITLES: Record<Oracle, string> = {
  server_error: '1. never a 5xx',
  undocumented_status: '2. only documented status codes',
  response_schema: '3. responses match their documented schema',
  internals_leaked: '4. no stack trace, SQL or internal message in a body',
  cross_tenant_data: "5. no data of another company (or any company's, anonymously)",
};

/** Signs of a stack trace, a query or a driver / library message in a response body, by name. */
export const INTERNALS: Readonly<Record<string, RegExp>> = {
  'stack trace':
    /\bat .+\.(ts|js|mjs|cjs):\d+|\bat (async )?[\w$.<>]+ \(|\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  SQL: /\b(SELECT|INSERT|UPDATE|DELETE)\b.+\b(FROM|INTO|SET)\b/i,
  'JavaScript error':
    /is not a function|Cannot read prop|undefined is not|is not defined|Maximum call stack/i,
  // SQLSTATE codes only with a letter: bare digits turn up in request ids and phone numbers.
  'database message':
    /syntax error|relation "|violates|invalid input syntax|out of range for type|value too long for type|unterminated|\b22P02\b|\bSQLSTATE\b|ECONN/i,
  'internal name or path':
    /drizzle|PGlite|postgres|node_modules|\/work\/|\/home\/|\/usr\/|\bpg_[a-z]+/i,
  'framework error':
    /FST_ERR_[A-Z_]+|\bZodError\b|"code":"invalid_type"|"expected":"|"keyword":"|"instancePath":"/,
  // Library messages in English where the spec wants ours.
  'library message':
    /Invalid input: expected|Too (big|small): expected|Unrecognized keys?:|must have required property|must NOT have additional properties|must be (string|integer|number|boolean|object|array)\b|is not a valid url component|Unexpected token|in JSON at position|Body cannot be empty/,
};

/** The string values a schema allows by name (enum, const): documented, so not a leak. */
export function documentedStrings(schema: JsonSchema | undefined, out = new Set<string>()) {
  if (!schema) return out;
  for (const value of [...(schema.enum ?? []), schema.const]) {
    if (typeof value === 'string') out.add(value);
  }
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    documentedStrings(child, out);
  }
  return out;
}

/**
 * The first internals pattern a body matches, or null. Values the response schema names (the
 * health check's `"database": "pglite"`) are part of the contract and are not searched.
 */
export function internalsIn(
  body: string,
  documented: ReadonlySet<string> = new Set(),
): string | null {
  let searched = body;
  for (const value of documented) searched = searched.replaceAll(JSON.stringify(value), '""');
  // Random tokens (a login's bearer token) may spell anything; runs of 20+ word characters
  // mixing digits, lower and upper case are blanked. FST_ERR_… and uuids are not such runs.
  searched = searched.replace(/[A-Za-z0-9_-]{20,}/g, (run) =>
    /\d/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run) ? '<random>' : run,
  );
  for (const [name, pattern] of Object.entries(INTERNALS)) {
    const match = pattern.exec(searched);
    if (match) return `${name}: ${match[0].slice(0, 80)}`;
  }
  return null;
}

/** Strings seeded into one company's rows; none may reach another company or an anonymous caller. */
export interface Canaries {
  /** Company label → texts (lowercased) its rows carry: a name token, phone digits. */
  byCompany: Record<string, readonly string[]>;
}

/**
 * Canaries of other companies in a body (lowercased comparison). `visibleTo` is the caller's
 * company, null for an anonymous or badly authenticated caller (who may see none). A canary the
 * request itself carried (a phone typed into a search) does not count: echoing it is no leak.
 */
export function leakedCanaries(
  canaries: Canaries,
  visibleTo: string | null,
  responseBody: string,
  requestText: string,
): string[] {
  const body = responseBody.toLowerCase();
  const request = requestText.toLowerCase();
  const leaked: string[] = [];
  for (const [company, texts] of Object.entries(canaries.byCompany)) {
    if (company === visibleTo) continue;
    for (const text of texts) {
      if (!request.includes(text) && body.includes(text)) leaked.push(`${company}:${text}`);
    }
  }
  return leaked;
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

/** An Ajv for the document's schemas, with the formats zod emits (email, uri, date-time…). */
export function createAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** Response-schema checks, compiled once per (operation, status, content type). */
export class ResponseValidator {
  private readonly ajv = createAjv();
  private readonly cache = new Map<string, ValidateFunction | null>();

  /**
   * Why a JSON request body breaks the operation's documented body schema, or null when it
   * conforms (or is not JSON at all: Fastify answers that before any schema). The
   * negative_data_rejection check: a violating body should never be accepted.
   */
  bodyViolation(operation: Operation, payload: string | undefined): string | null {
    if (!operation.body || payload === undefined) return null;
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      return null;
    }
    const key = `${operation.id} body`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(toDraft7(operation.body.schema));
      this.cache.set(key, validate);
    }
    if (!validate || validate(value)) return null;
    const first = validate.errors?.[0];
    return first
      ? `${first.instancePath || '(root)'} ${first.message ?? first.keyword}`
      : 'invalid';
  }

  /**
   * The problems with an answer against the document: a wrong content type, a body that does
   * not parse or does not match. Null when the status is undocumented (oracle 2 reports it) or
   * fine.
   */
  check(
    operation: Operation,
    status: number,
    contentType: string | undefined,
    body: string,
  ): string | null {
    const documented = documentedResponse(operation, status);
    if (!documented) return null;
    // A 204 has no body whatever the document says about content (RFC 9110 §15.3.5).
    if (status === 204) return body.length > 0 ? 'a 204 with a body' : null;
    const types = Object.keys(documented.content);
    if (types.length === 0) return null;
    const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const type = types.find((t) => t.toLowerCase() === mediaType);
    if (!type) return `content type '${contentType ?? ''}', documented: ${types.join(', ')}`;
    const schema = documented.content[type];
    if (!schema || !mediaType.includes('json')) return null;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return 'body is not JSON';
    }
    const key = `${operation.id} ${status} ${type}`;
    let validate = this.cache.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(toDraft7(schema));
      this.cache.set(key, validate);
    }
    if (!validate || validate(value)) return null;
    const first = validate.errors?.[0];
    return first
      ? `${first.instancePath || '(root)'} ${first.message ?? first.keyword} ${JSON.stringify(first.params)}`
      : 'does not match';
  }
}
