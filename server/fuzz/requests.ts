import fc from 'fast-check';
import { NUMERIC_LOOKALIKES, RAW_PATH_SEGMENTS, RAW_QUERY_STRINGS } from './nasty-values';
import type { Json, Operation, Parameter } from './openapi';
import { arbitraryOf, type Mode, type ValueHints } from './schema-arbitrary';

/**
 * One fuzzed HTTP request per draw: an operation of the document, a mode (valid,
 * boundary, invalid), a caller, and the path, query, headers and body built from the
 * operation's schemas in that mode. A request in boundary or invalid mode mutates some of its
 * parts and keeps the rest valid.
 */
export type CallerKind = 'A' | 'B' | 'anonymous' | 'bad-token';

export interface PlannedRequest {
  operation: number;
  mode: Mode;
  caller: CallerKind;
  /** Which malformed Authorization a 'bad-token' caller sends (runner.ts). */
  badToken: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Real values per operation: ids for path, query and body; strings (phones, place ids) for URLs only. */
export interface OperationHints {
  url: ValueHints;
  body: ValueHints;
}

const MODES: readonly fc.WeightedArbitrary<Mode>[] = [
  { weight: 4, arbitrary: fc.constant<Mode>('valid') },
  { weight: 3, arbitrary: fc.constant<Mode>('boundary') },
  { weight: 3, arbitrary: fc.constant<Mode>('invalid') },
];

const CALLERS: readonly fc.WeightedArbitrary<CallerKind>[] = [
  { weight: 7, arbitrary: fc.constant<CallerKind>('A') },
  { weight: 7, arbitrary: fc.constant<CallerKind>('B') },
  { weight: 3, arbitrary: fc.constant<CallerKind>('anonymous') },
  { weight: 3, arbitrary: fc.constant<CallerKind>('bad-token') },
];

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate is written as its
 * 3-byte (WTF-8) form instead of throwing: the server then has to cope with broken UTF-8.
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let codePoint = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    const char = String.fromCodePoint(codePoint);
    if (/^[A-Za-z0-9\-_.!~*'()]$/.test(char)) {
      out += char;
      continue;
    }
    for (const byte of utf8Bytes(codePoint))
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function utf8Bytes(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 63)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
}

/** A JSON value as URL text (arrays become repeated query keys elsewhere). */
function urlText(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? value.map(urlText).join(',') : JSON.stringify(value);
}

function valueArb(parameter: Parameter, mode: Mode, hints: ValueHints) {
  return arbitraryOf(parameter.schema, mode, parameter.name, hints);
}

/** One path segment, already encoded (or deliberately not). */
function segmentArb(parameter: Parameter, mode: Mode, hints: ValueHints): fc.Arbitrary<string> {
  const valid = valueArb(parameter, 'valid', hints).map((v) => encodeLoose(urlText(v)));
  if (mode === 'valid') return valid;
  const mutated = valueArb(parameter, mode, hints).map((v) => encodeLoose(urlText(v)));
  if (mode === 'boundary') {
    return fc.oneof(
      { weight: 1, arbitrary: valid },
      { weight: 2, arbitrary: mutated },
      { weight: 1, arbitrary: fc.constantFrom(...NUMERIC_LOOKALIKES).map(encodeLoose) },
    );
  }
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    { weight: 2, arbitrary: mutated },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

/** `key=value` pairs for one query parameter (none when it is left out, several for a list). */
function queryArb(parameter: Parameter, mode: Mode, hints: ValueHints): fc.Arbitrary<string[]> {
  const key = encodeLoose(parameter.name);
  const pairs = (value: Json) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${key}=${encodeLoose(urlText(v))}`);
  const valid = valueArb(parameter, 'valid', hints).map(pairs);
  let value = valid;
  if (mode !== 'valid') {
    value = fc.oneof(
      { weight: 1, arbitrary: valid },
      { weight: 2, arbitrary: valueArb(parameter, mode, hints).map(pairs) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('%', '%00', '%ZZ', '%ED%A0%80', '', ...NUMERIC_LOOKALIKES.map(encodeLoose))
          .map((raw) => [`${key}=${raw}`]),
      },
    );
  }
  if (parameter.required) {
    return mode === 'invalid'
      ? fc.oneof(
          { weight: 5, arbitrary: value },
          { weight: 1, arbitrary: fc.constant<string[]>([]) },
        )
      : value;
  }
  return fc.oneof(
    { weight: mode === 'valid' ? 1 : 2, arbitrary: value },
    { weight: 1, arbitrary: fc.constant<string[]>([]) },
  );
}

const JSON_TYPE = 'application/json';
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/vnd.api+json',
  '',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  "{'a':1}",
  '[]]',
  '{"x":1e999}',
  '{"a":1,"a":2}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  '\u0000',
  '"just a string"',
  '123',
  'null',
  '\ufeff{}',
];
/** More than the 64 kB body limit (app.ts): the answer must be a documented 413. */
const OVERSIZED = JSON.stringify({ comment: 'x'.repeat(70_000) });

interface Body {
  payload?: string;
  contentType?: string;
}

function bodyArb(
  operation: Operation,
  mode: Mode | 'sparse',
  hints: ValueHints,
): fc.Arbitrary<Body> {
  const json = (value: Json): Body => ({ payload: JSON.stringify(value), contentType: JSON_TYPE });
  if (!operation.body) {
    return mode === 'invalid'
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant<Body>({}) },
          { weight: 1, arbitrary: fc.constant<Body>(json({ a: 1 })) },
        )
      : fc.constant<Body>({});
  }
  const schema = operation.body.schema;
  const sparse = arbitraryOf(schema, 'valid', '', hints, true).map(json);
  if (mode === 'sparse') return sparse;
  if (mode === 'valid') return fc.oneof(arbitraryOf(schema, 'valid', '', hints).map(json), sparse);
  if (mode !== 'invalid') return arbitraryOf(schema, mode, '', hints).map(json);
  return fc.oneof(
    { weight: 12, arbitrary: arbitraryOf(schema, 'invalid', '', hints).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((payload): Body => ({ payload, contentType: JSON_TYPE })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(arbitraryOf(schema, 'valid', '', hints), fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([value, contentType]): Body => ({ payload: JSON.stringify(value), contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ payload: OVERSIZED, contentType: JSON_TYPE }) },
  );
}

/**
 * Headers no route documents but the server reads: Idempotency-Key on creations,
 * X-Request-Id (echoed when it looks like an id), Accept.
 */
function extraHeadersArb(operation: Operation, mode: Mode): fc.Arbitrary<Record<string, string>> {
  const idempotency =
    operation.method !== 'POST'
      ? fc.constant({})
      : fc.oneof(
          { weight: 1, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: (mode === 'valid'
              ? fc.uuid()
              : fc.constantFrom(
                  '',
                  ' ',
                  'k'.repeat(255),
                  'k'.repeat(256),
                  'k'.repeat(5000),
                  'é',
                  '%00',
                )
            ).map((value) => ({ 'idempotency-key': value })),
          },
        );
  const other =
    mode === 'valid'
      ? fc.constant({})
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                'req-12345678',
                '<script>alert(1)</script>',
                'x'.repeat(65),
                '../..',
                '',
              )
              .map((value) => ({ 'x-request-id': value })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('text/html', 'application/xml', '*/*;q=0', 'application/json;q=0')
              .map((value) => ({ accept: value })),
          },
        );
  return fc.tuple(idempotency, other).map(([a, b]) => ({ ...a, ...b }));
}

/**
 * The parts of one request. In boundary and invalid modes mostly one location (path, query,
 * body or headers) is mutated and the others are valid, so a fault is not masked by another
 * part's 422; sometimes every location is mutated at once.
 */
function partsArb(operation: Operation, mode: Mode, hints: OperationHints) {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const locations = (m: Mode) => ({
    path: fc.tuple(...pathParams.map((p) => segmentArb(p, m, hints.url))),
    query: fc.tuple(...queryParams.map((p) => queryArb(p, m, hints.url))),
    garbageQuery:
      m === 'invalid'
        ? fc.oneof(
            { weight: 2, arbitrary: fc.constant<string[]>([]) },
            { weight: 2, arbitrary: fc.constantFrom(...RAW_QUERY_STRINGS).map((q) => [q]) },
            { weight: 1, arbitrary: fc.constant(['unknown_param=1']) },
          )
        : fc.constant<string[]>([]),
    body: bodyArb(operation, m, hints.body),
    headers: extraHeadersArb(operation, m),
  });
  const valid = locations('valid');
  if (mode === 'valid') return fc.record(valid);
  const mutated = locations(mode);
  // Where the one fault goes: bodies and ids carry the most, the extra headers the least.
  const targets: [keyof typeof valid, number][] = [['headers', 1]];
  if (operation.body) targets.push(['body', 4]);
  else if (mode === 'invalid') targets.push(['body', 1]); // a body where none is expected
  if (pathParams.length > 0) targets.push(['path', 3]);
  if (queryParams.length > 0) targets.push(['query', 3]);
  if (mode === 'invalid') targets.push(['garbageQuery', 1]);
  // The filler around a mutated location: a body with few optional fields, which the handler
  // more often accepts, so the mutated part is what decides the answer.
  const filler = { ...valid, body: bodyArb(operation, 'sparse', hints.body) };
  const single = targets.map(([target, weight]) => ({
    weight,
    arbitrary: fc.record({ ...filler, [target]: mutated[target] }),
  }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...single) },
    { weight: 1, arbitrary: fc.record(mutated) },
  );
}

/** The request arbitrary over every operation (built once; draws are cheap). */
export function requestArbitrary(
  operations: readonly Operation[],
  hintsFor: (operation: Operation) => OperationHints,
): fc.Arbitrary<PlannedRequest> {
  const parts = operations.map((operation) => {
    const hints = hintsFor(operation);
    return {
      valid: partsArb(operation, 'valid', hints),
      boundary: partsArb(operation, 'boundary', hints),
      invalid: partsArb(operation, 'invalid', hints),
    };
  });
  return fc
    .record({
      // Unbiased: fast-check's small-value bias would favour the document's first operations.
      operation: fc.noBias(fc.nat(operations.length - 1)),
      mode: fc.oneof(...MODES),
      caller: fc.oneof(...CALLERS),
      badToken: fc.noBias(fc.nat(7)),
    })
    .chain(({ operation: index, mode, caller, badToken }) => {
      const operation = operations[index] as Operation;
      const pathParams = operation.parameters.filter((p) => p.in === 'path');
      return (parts[index] as (typeof parts)[number])[mode].map(
        ({ path, query, garbageQuery, body, headers }): PlannedRequest => {
          let url = operation.path;
          pathParams.forEach((parameter, i) => {
            url = url.replace(`{${parameter.name}}`, path[i] ?? '');
          });
          const search = [...query.flat(), ...garbageQuery];
          if (search.length > 0) url += `?${search.join('&')}`;
          return {
            operation: index,
            mode,
            caller,
            badToken,
            method: operation.method,
            url,
            headers: {
              ...headers,
              ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
            },
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
          };
        },
      );
    });
}

/** Draw `index` of a run: its own seed, so one request replays without the ones before it. */
export function drawRequest(
  arbitrary: fc.Arbitrary<PlannedRequest>,
  seed: number,
  index: number,
): PlannedRequest {
  const [request] = fc.sample(arbitrary, {
    seed: (Math.imul(seed, 100_003) + index) | 0,
    numRuns: 1,
  });
  if (!request) throw new Error('fast-check drew no request');
  return request;
}
