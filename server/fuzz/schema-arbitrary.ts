import fc from 'fast-check';
import {
  BOUNDARY_INTEGERS,
  IMPOSSIBLE_DATE_TIMES,
  IMPOSSIBLE_DATES,
  IMPOSSIBLE_TIMES,
  NASTY_STRINGS,
  PROTOTYPE_KEYS,
  WRONG_TYPE_VALUES,
} from './nasty-values';
import type { Json, JsonSchema } from './openapi';

/**
 * JSON Schema → fast-check arbitraries, for the subset @fastify/swagger and
 * fastify-type-provider-zod emit: object / properties / required / additionalProperties,
 * string (min/maxLength, pattern, format, enum), integer / number (minimum / maximum /
 * exclusive*), boolean, array (items, min/maxItems), anyOf / oneOf / allOf, nullable, const,
 * default. `$ref`s are inlined before (openapi.ts).
 *
 * Three modes:
 * - valid: a value the schema accepts;
 * - boundary: values at the schema's edges, inside and one step outside (lengths min, max,
 *   max + 1, numbers min - 1 / max + 1, int4 and 2^53 limits, pattern-shaped impossible dates);
 * - invalid: wrong types, nulls, NUL and lone surrogates, bidi / emoji, prototype-named keys,
 *   arrays where objects go, missing required fields.
 * In boundary and invalid modes an object mostly mutates exactly one field and fills the others
 * with sparse valid values (sometimes it mutates any number), so the answer is about that field.
 */
export type Mode = 'valid' | 'boundary' | 'invalid';

export interface ValueHints {
  /** Real ids (of both companies' rows) a field of this name may take; empty when none. */
  ids(name: string): readonly number[];
  /** Real strings (phones, place ids) a field of this name may take; empty when none. */
  strings(name: string): readonly string[];
}

export const NO_HINTS: ValueHints = { ids: () => [], strings: () => [] };

interface Context {
  name: string;
  hints: ValueHints;
  depth: number;
  /**
   * Optional fields mostly left out: the filler around a mutated field, so the request is
   * likely valid but for that field (every optional field is one more way to be refused first).
   */
  sparse?: boolean;
}

/** When an object mutates any number of fields: odds of a field staying valid vs mutated. */
const MUTATION_WEIGHT = { valid: 2, mutated: 1 };
/** Longest array a valid value gets: enough to exercise lists, small enough to stay fast. */
const MAX_VALID_ITEMS = 4;
const INT_MIN = Number.MIN_SAFE_INTEGER;
const INT_MAX = Number.MAX_SAFE_INTEGER;

/** `sparse`: optional fields mostly left out (valid mode), see Context. */
export function arbitraryOf(
  schema: JsonSchema,
  mode: Mode,
  name = '',
  hints: ValueHints = NO_HINTS,
  sparse = false,
): fc.Arbitrary<Json> {
  return build(schema, mode, { name, hints, depth: 0, sparse });
}

function build(schema: JsonSchema, mode: Mode, ctx: Context): fc.Arbitrary<Json> {
  if (ctx.depth > 8) return fc.constant(null);
  if (mode === 'valid') return valid(schema, ctx);
  if (mode === 'boundary') return boundary(schema, ctx);
  return invalid(schema, ctx);
}

const child = (ctx: Context, name: string): Context => ({ ...ctx, name, depth: ctx.depth + 1 });

/** The schema without `nullable`, and the types it allows (`type` may be a list). */
function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((t) => t !== 'null');
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const isNullable = (schema: JsonSchema) =>
  schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));

/** allOf members merged into one schema (properties and required lists united). */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf || schema.allOf.length === 0) return schema;
  const merged: JsonSchema = { ...schema, allOf: undefined };
  for (const part of schema.allOf) {
    const flat = mergeAllOf(part);
    Object.assign(merged, { ...flat, properties: undefined, required: undefined });
    if (flat.properties) merged.properties = { ...merged.properties, ...flat.properties };
    if (flat.required) merged.required = [...(merged.required ?? []), ...flat.required];
  }
  return merged;
}

/** An object with exactly these own keys, `__proto__` included as a plain data property. */
export function objectFromEntries(entries: readonly (readonly [string, Json])[]): Json {
  const object: { [key: string]: Json } = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

// ---------------------------------------------------------------------------------------------
// valid

function valid(raw: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const schema = mergeAllOf(raw);
  const base = validNonNull(schema, ctx);
  return isNullable(schema)
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
    : base;
}

function validNonNull(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const members = schema.anyOf ?? schema.oneOf;
  if (members && members.length > 0) return fc.oneof(...members.map((m) => valid(m, ctx)));
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  return fc.oneof(...types.map((type) => validOfType(type, schema, ctx)));
}

function validOfType(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  switch (type) {
    case 'string':
      return validString(schema, ctx);
    case 'integer':
      return validInteger(schema, ctx);
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items ?? {}, child(ctx, ctx.name)), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 10, MAX_VALID_ITEMS)),
      });
    case 'object':
      return validObject(schema, ctx);
    default:
      return fc.constant(null);
  }
}

const utf16Fits = (min: number, max: number) => (s: string) =>
  s.length <= max && [...s].length >= min;

/** Real moments in the product's years, in the formats the contracts' patterns describe. */
const DATE_FORMATS: readonly ((d: Date) => string)[] = [
  (d) => d.toISOString().slice(0, 19).replace('T', ' '),
  (d) => d.toISOString().slice(0, 10),
  (d) => d.toISOString().slice(11, 16),
  (d) => d.toISOString().slice(11, 19),
];
const realDates = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});

function validString(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = utf16Fits(min, max);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const matches = (s: string) => (pattern ? pattern.test(s) : true) && fits(s);
  // Weights lean to values the server also accepts past the document (real dates, printable
  // text, known phones), so valid requests reach the handlers; the rest stay in the mix.
  const options: fc.WeightedArbitrary<string>[] = [];
  const hinted = ctx.hints.strings(ctx.name).filter(matches);
  if (hinted.length > 0) options.push({ weight: 30, arbitrary: fc.constantFrom(...hinted) });
  if (schema.format === 'email') {
    options.push({ weight: 3, arbitrary: fc.emailAddress().filter(matches) });
  } else if (pattern) {
    for (const format of DATE_FORMATS.filter((f) => pattern.test(f(new Date(0))))) {
      options.push({ weight: 6, arbitrary: realDates.map(format).filter(matches) });
    }
    options.push({ weight: 1, arbitrary: fc.stringMatching(pattern).filter(matches) });
  } else {
    const length = { minLength: min, maxLength: Math.max(min, Math.min(max, 60)) };
    options.push(
      { weight: 4, arbitrary: fc.string({ ...length, unit: 'grapheme-ascii' }) },
      { weight: 2, arbitrary: fc.string({ ...length, unit: 'grapheme' }).filter(fits) },
      { weight: 1, arbitrary: fc.string({ ...length, unit: 'binary' }).filter(fits) },
    );
  }
  return fc.oneof(...options);
}

/** Inclusive integer bounds of a schema, clamped to safe integers. */
function integerBounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? INT_MIN;
  let max = schema.maximum ?? INT_MAX;
  if (schema.exclusiveMinimum === true) min = Math.floor(min) + 1;
  else if (typeof schema.exclusiveMinimum === 'number')
    min = Math.floor(schema.exclusiveMinimum) + 1;
  else min = Math.ceil(min);
  if (schema.exclusiveMaximum === true) max = Math.ceil(max) - 1;
  else if (typeof schema.exclusiveMaximum === 'number')
    max = Math.ceil(schema.exclusiveMaximum) - 1;
  else max = Math.floor(max);
  return { min: Math.max(min, INT_MIN), max: Math.min(max, INT_MAX) };
}

function validInteger(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const { min, max } = integerBounds(schema);
  if (min > max) return fc.constant(min);
  const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 1000) });
  const options: fc.WeightedArbitrary<number>[] = [
    { weight: 2, arbitrary: small },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  ];
  const ids = ctx.hints.ids(ctx.name).filter((id) => id >= min && id <= max);
  if (ids.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...ids) });
  return fc.oneof(...options);
}

function validNumber(schema: JsonSchema): fc.Arbitrary<Json> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  const double = fc.double({
    min: typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : min,
    max: typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : max,
    minExcluded: schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum !== false,
    maxExcluded: schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum !== false,
    noNaN: true,
    noDefaultInfinity: true,
  });
  // -0 is 0 on the wire; keep the value what JSON sends.
  return double.map((n) => (Object.is(n, -0) ? 0 : n));
}

function validObject(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, propertySchema]) => {
    const value = valid(propertySchema, child(ctx, key)).map((v) => [key, v] as const);
    if (required.has(key)) return value;
    return fc.oneof(
      { weight: ctx.sparse ? 4 : 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: value },
    );
  });
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.array(
          fc.tuple(
            fc.string({ minLength: 1, maxLength: 12 }),
            valid(schema.additionalProperties, child(ctx, '*')),
          ),
          { maxLength: 3 },
        )
      : fc.constant([] as [string, Json][]);
  return fc
    .tuple(fc.tuple(...fields), extra)
    .map(([entries, more]) =>
      objectFromEntries([
        ...entries.filter((entry): entry is readonly [string, Json] => entry !== null),
        ...more,
      ]),
    );
}

// ---------------------------------------------------------------------------------------------
// boundary

function boundary(raw: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const schema = mergeAllOf(raw);
  const options: fc.Arbitrary<Json>[] = [];
  if (isNullable(schema)) options.push(fc.constant(null));
  if (schema.const !== undefined) options.push(fc.constant(schema.const));
  if (schema.default !== undefined) options.push(fc.constant(schema.default));
  if (schema.enum && schema.enum.length > 0) {
    const variants = schema.enum.flatMap((value): Json[] =>
      typeof value === 'string' ? [value, value.toUpperCase(), ` ${value} `, `${value}x`] : [value],
    );
    options.push(fc.constantFrom<Json>(...schema.enum, ...variants, ''));
  }
  const members = schema.anyOf ?? schema.oneOf;
  if (members && members.length > 0) options.push(...members.map((m) => boundary(m, ctx)));
  for (const type of typesOf(schema)) options.push(boundaryOfType(type, schema, ctx));
  if (options.length === 0) return valid(schema, ctx);
  return fc.oneof(...options);
}

function boundaryOfType(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  switch (type) {
    case 'string':
      return boundaryString(schema);
    case 'integer':
    case 'number':
      return boundaryNumber(schema, type === 'integer', ctx);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return boundaryArray(schema, ctx);
    case 'object':
      return mutatedObject(schema, ctx, 'boundary');
    default:
      return fc.constant(null);
  }
}

/** Strings at the length limits (counted in UTF-16 units, code points and bytes) and patterns. */
export function boundaryStrings(schema: JsonSchema): string[] {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const out = new Set<string>(['', ' ', 'a', `  ${'a'.repeat(Math.max(min, 1))}  `]);
  out.add('a'.repeat(min));
  if (min > 0) out.add('a'.repeat(min - 1));
  if (max !== undefined) {
    out.add('a'.repeat(max));
    out.add('a'.repeat(max + 1));
    out.add(` ${'a'.repeat(max)}`);
    out.add('ă'.repeat(max));
    out.add('😀'.repeat(Math.ceil(max / 2)));
    out.add('😀'.repeat(max));
  } else {
    out.add('a'.repeat(1000));
    out.add('a'.repeat(10_000));
  }
  if (schema.format === 'email') {
    for (const email of [
      'a@b.ro',
      'A@B.RO',
      `${'a'.repeat(64)}@${'b'.repeat(63)}.ro`,
      `${'a'.repeat(240)}@b.ro`,
      'a@b',
      '@b.ro',
      'a@@b.ro',
      'a@b.ro ',
      'ă@ș.ro',
    ]) {
      out.add(email);
    }
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    for (const candidate of [...IMPOSSIBLE_DATE_TIMES, ...IMPOSSIBLE_DATES, ...IMPOSSIBLE_TIMES]) {
      if (pattern.test(candidate)) out.add(candidate);
    }
  }
  return [...out];
}

function boundaryString(schema: JsonSchema): fc.Arbitrary<Json> {
  const candidates = boundaryStrings(schema);
  // The pattern-shaped impossible dates are the interesting part of a patterned string.
  const patterned = schema.pattern
    ? candidates.filter((c) => new RegExp(schema.pattern ?? '').test(c))
    : [];
  return patterned.length > 0
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...patterned) },
        { weight: 1, arbitrary: fc.constantFrom(...candidates) },
      )
    : fc.constantFrom(...candidates);
}

/** Numbers at and just past the schema's limits, the int4 and 2^53 limits, 0 and -1. */
export function boundaryNumbers(schema: JsonSchema, integer: boolean): number[] {
  const out = new Set<number>(BOUNDARY_INTEGERS);
  const step = integer ? 1 : 1e-9;
  for (const bound of [schema.minimum, schema.maximum]) {
    if (bound === undefined) continue;
    out.add(bound);
    out.add(bound - step);
    out.add(bound + step);
    out.add(bound - 1);
    out.add(bound + 1);
  }
  for (const bound of [schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (typeof bound === 'number') out.add(bound);
  }
  if (!integer) {
    for (const n of [0.1 + 0.2, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-300, 1e308, 0.5])
      out.add(n);
  }
  return [...out].filter((n) => Number.isFinite(n));
}

function boundaryNumber(schema: JsonSchema, integer: boolean, ctx: Context): fc.Arbitrary<Json> {
  const numbers = boundaryNumbers(schema, integer);
  const ids = ctx.hints.ids(ctx.name);
  return ids.length > 0
    ? fc.oneof(fc.constantFrom(...numbers), fc.constantFrom(...ids))
    : fc.constantFrom(...numbers);
}

function boundaryArray(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const lengths = new Set<number>([0, 1]);
  const min = schema.minItems ?? 0;
  lengths.add(min);
  if (min > 0) lengths.add(min - 1);
  if (schema.maxItems !== undefined) {
    lengths.add(schema.maxItems);
    lengths.add(schema.maxItems + 1);
  } else {
    lengths.add(100);
  }
  const item = schema.items ?? {};
  const itemCtx = child(ctx, ctx.name);
  return fc
    .constantFrom(...lengths)
    .chain((length) =>
      fc.array(
        fc.oneof(
          { weight: 3, arbitrary: valid(item, itemCtx) },
          { weight: 1, arbitrary: boundary(item, itemCtx) },
        ),
        { minLength: length, maxLength: length },
      ),
    );
}

/**
 * An object with mutated fields (boundary or invalid), the others valid; required fields always
 * present, optional ones sometimes. Mostly exactly one field is mutated, so the answer is about
 * that field (a 500 hidden behind another field's 422 would go unseen); sometimes any number.
 */
function mutatedObject(schema: JsonSchema, ctx: Context, mode: 'boundary' | 'invalid') {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entry = (key: string, value: fc.Arbitrary<Json>) => value.map((v) => [key, v] as const);
  const validEntries = properties.map(([key, s]) => entry(key, valid(s, child(ctx, key))));
  const sparseEntries = properties.map(([key, s]) =>
    entry(key, valid(s, { ...child(ctx, key), sparse: true })),
  );
  const mutatedEntries = properties.map(([key, s]) => entry(key, build(s, mode, child(ctx, key))));
  const sometimes = (i: number, value: fc.Arbitrary<readonly [string, Json]>) =>
    required.has(properties[i]?.[0] ?? '') ? value : fc.option(value, { nil: null, freq: 2 });
  const rarely = (i: number, value: fc.Arbitrary<readonly [string, Json]>) =>
    required.has(properties[i]?.[0] ?? '')
      ? value
      : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
  const toObject = (entries: (readonly [string, Json] | null)[]) =>
    objectFromEntries(entries.filter((e): e is readonly [string, Json] => e !== null));
  const any = fc
    .tuple(
      ...properties.map((_, i) =>
        sometimes(
          i,
          fc.oneof(
            {
              weight: MUTATION_WEIGHT.valid,
              arbitrary: validEntries[i] as fc.Arbitrary<readonly [string, Json]>,
            },
            {
              weight: MUTATION_WEIGHT.mutated,
              arbitrary: mutatedEntries[i] as fc.Arbitrary<readonly [string, Json]>,
            },
          ),
        ),
      ),
    )
    .map(toObject);
  if (properties.length === 0) return any;
  const single = properties.map((_, target) =>
    fc
      .tuple(
        ...properties.map((__, i) =>
          i === target
            ? (mutatedEntries[i] as fc.Arbitrary<readonly [string, Json]>)
            : rarely(i, sparseEntries[i] as fc.Arbitrary<readonly [string, Json]>),
        ),
      )
      .map(toObject),
  );
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...single) }, { weight: 1, arbitrary: any });
}

// ---------------------------------------------------------------------------------------------
// invalid

const wrongType = fc.constantFrom(...WRONG_TYPE_VALUES);

function invalid(raw: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const schema = mergeAllOf(raw);
  const options: fc.WeightedArbitrary<Json>[] = [{ weight: 2, arbitrary: wrongType }];
  if (!isNullable(schema)) options.push({ weight: 1, arbitrary: fc.constant(null) });
  if (schema.enum && schema.enum.length > 0) {
    options.push({ weight: 1, arbitrary: fc.constantFrom<Json>('not-in-enum', ...NASTY_STRINGS) });
  }
  for (const type of typesOf(schema)) {
    options.push({ weight: 4, arbitrary: invalidOfType(type, schema, ctx) });
  }
  return fc.oneof(...options);
}

function invalidOfType(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  switch (type) {
    case 'string':
      return invalidString(schema, ctx);
    case 'integer':
    case 'number':
      return fc.constantFrom<Json>(
        1.5,
        -0.5,
        '1',
        '2147483648',
        'NaN',
        'Infinity',
        '1e309',
        '0x10',
        '',
        true,
        [1],
        { value: 1 },
        1e308,
        -1e308,
        ...(type === 'integer' ? [2_147_483_648, 9_007_199_254_740_992] : []),
      );
    case 'boolean':
      return fc.constantFrom<Json>('true', 'false', 1, 0, 'yes', '', [true], {});
    case 'array':
      return invalidArray(schema, ctx);
    case 'object':
      return invalidObject(schema, ctx);
    default:
      return wrongType;
  }
}

function invalidString(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const fine = validString(schema, ctx) as fc.Arbitrary<string>;
  const tooLong = 'x'.repeat(Math.min((schema.maxLength ?? 1000) * 4 + 1, 20_000));
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<Json>(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fine.map((s) => `${s}\u0000`) },
    { weight: 2, arbitrary: fine.map((s) => `\ud800${s}`) },
    { weight: 1, arbitrary: fine.map((s) => `${s}\u202E`) },
    { weight: 1, arbitrary: fc.constant(tooLong) },
    { weight: 1, arbitrary: fc.constantFrom<Json>(42, -1, true, ['a'], { a: 'b' }) },
  );
}

function invalidArray(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const item = schema.items ?? {};
  const itemCtx = child(ctx, ctx.name);
  const tooMany = (schema.maxItems ?? 200) + 1;
  return fc.oneof(
    fc.array(invalid(item, itemCtx), { minLength: 1, maxLength: 3 }),
    fc.array(valid(item, itemCtx), { minLength: tooMany, maxLength: tooMany }),
    valid(item, itemCtx),
    fc.constantFrom<Json>({}, { 0: 'a' }, 'a,b', [[]], [null]),
  );
}

function invalidObject(schema: JsonSchema, ctx: Context): fc.Arbitrary<Json> {
  const complete = validObject(schema, ctx);
  const required = schema.required ?? [];
  const keyValue = fc.oneof(wrongType, fc.constantFrom<Json>(...NASTY_STRINGS));
  const options: fc.Arbitrary<Json>[] = [
    mutatedObject(schema, ctx, 'invalid'),
    // Arrays where objects go.
    complete.map((object) => [object]),
    fc.constant([]),
    // Unknown and prototype-named keys on an otherwise valid object.
    fc
      .tuple(
        complete,
        fc.constantFrom(...PROTOTYPE_KEYS, 'unknown_field', 'id', 'company_id', 'created_at'),
        keyValue,
      )
      .map(([object, key, value]) => withKey(object, key, value)),
  ];
  if (required.length > 0) {
    options.push(
      fc
        .tuple(complete, fc.constantFrom(...required))
        .map(([object, key]) => withoutKey(object, key)),
    );
  }
  return fc.oneof(...options);
}

function withKey(object: Json, key: string, value: Json): Json {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return object;
  return objectFromEntries([...Object.entries(object), [key, value]]);
}

function withoutKey(object: Json, key: string): Json {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return object;
  return objectFromEntries(Object.entries(object).filter(([k]) => k !== key));
}
