import type { Json } from './openapi';

/**
 * Hand-picked values the generators mix in: the ones that broke or could break the
 * API (impossible dates, int4 overflow, NUL, lone surrogates, prototype-named keys, oversized
 * path segments). None of them may look like a stack trace or SQL to the internals oracle
 * (oracles.ts; nasty-values.test.ts checks), or that oracle would flag our own echo.
 */

/** Text no stored field should choke on: controls, broken UTF-16, bidi, emoji, injections. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '👩‍👩‍👧‍👦',
  '😀'.repeat(40),
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  'Ștefan Țăranu ăîâșț',
  '\r\n\r\n',
  "' OR '1'='1",
  '"; --',
  '1); DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '{{7*7}}$\u007B7*7}',
  '../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\\',
  '\\u0000',
];

/** Strings that match the date/time patterns of the contracts but name no real moment. */
export const IMPOSSIBLE_DATE_TIMES: readonly string[] = [
  '2026-02-30 10:00:00',
  '2026-02-29 10:00:00',
  '2024-02-29 23:59:59',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '1969-12-31 23:59:59',
  '2026-13-01 00:00:00',
  '2026-00-10 00:00:00',
  '2026-06-31 12:00:00',
  '2026-01-01 24:00:00',
  '2026-01-01 23:60:00',
  '2026-01-01 23:59:60',
  '2026-01-01 99:99:99',
];

export const IMPOSSIBLE_DATES: readonly string[] = [
  '2026-02-30',
  '0000-00-00',
  '9999-99-99',
  '2026-13-01',
  '1900-01-01',
  '2101-01-01',
  '2024-02-29',
];

export const IMPOSSIBLE_TIMES: readonly string[] = [
  '24:00',
  '99:99',
  '23:60:00',
  '00:00:60',
  '00:00',
];

/** Integers around every limit a column or a JSON number has. */
export const BOUNDARY_INTEGERS: readonly number[] = [
  0, -1, 1, 2, 2_147_483_646, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649,
  4_294_967_296, 9_007_199_254_740_991, -9_007_199_254_740_991, 9_007_199_254_740_992, 1e20, 1e300,
];

/** Text a number field may receive in a URL (not a JSON number). */
export const NUMERIC_LOOKALIKES: readonly string[] = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1.0',
  '01',
  '1e3',
  '1e309',
  '0x10',
  '0b1',
  ' 1',
  '1 ',
  '+1',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '',
];

/** Keys that are properties of every plain object: a handler reading `body[key]` must not trip. */
export const PROTOTYPE_KEYS: readonly string[] = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPE_VALUES: readonly Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  'abc',
  '',
  '1',
  'NaN',
  [],
  [1, 2],
  ['a'],
  {},
  { a: 1 },
  [{}],
  1e308,
  -1e308,
];

/**
 * Path segments as they go in the URL (already encoded, or deliberately not): bad escapes,
 * NUL, traversal, oversized, overflowing numbers, broken UTF-8.
 */
export const RAW_PATH_SEGMENTS: readonly string[] = [
  '%',
  '%%',
  '%00',
  '%ZZ',
  '%2e%2e',
  '%2F',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '..',
  '.',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1A',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'null',
  'NaN',
  '%20',
  '+1',
  '%F0%9F%98%80',
  'a'.repeat(101),
  '1'.repeat(101),
  'x'.repeat(300),
  '%41'.repeat(120),
];

/** Whole query strings (after `?`) that no parser should choke on. */
export const RAW_QUERY_STRINGS: readonly string[] = [
  '%',
  '&&&',
  '=',
  '=x',
  'a=%ZZ',
  'a=%00',
  'a=%ED%A0%80',
  '__proto__=1',
  'constructor=x',
  'toString=1',
  'hasOwnProperty=1',
  '__proto__[x]=1',
  'page[]=1',
  'page[0]=1&page[1]=2',
  'page=1&page=2',
  'per_page=1&per_page=x',
  `${'k'.repeat(200)}=1`,
  `q=${'v'.repeat(3000)}`,
  'a=1;b=2',
  '?=?',
  '%26=%3D',
];
