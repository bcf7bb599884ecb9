import { z } from 'zod';
import { applyRomanianErrors } from './romanian-errors';

// Every contract imports this module, so every parse answers in Romanian.
applyRomanianErrors();

/**
 * The shared field schemas every contract is built from: a value these accept is one
 * the database accepts too, so bad input is a 422 on its field, never a 500 from PostgreSQL.
 */

/** Largest value of a PostgreSQL `integer` column, which every id is. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive integer that fits its int4 column. */
export const id = () => z.number().int().min(1).max(MAX_ID);

/**
 * An id in a path or a query string: digits, coerced. In a path an invalid one answers 404
 * (the error handler: a path that names nothing is not found); in a query string, 422.
 */
export const idParam = () => z.coerce.number().int().min(1).max(MAX_ID);

export const INVALID_TEXT = 'Textul conține caractere nepermise.';

/**
 * What no text may hold: control characters other than tab and line breaks (PostgreSQL refuses
 * NUL in text outright), and a lone UTF-16 surrogate, which is not Unicode and which PostgreSQL
 * refuses when it is stored as JSON (the order history's details). In `u` mode a surrogate class
 * matches only an unpaired half: a real emoji is one code point and passes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;

/** True when a string may be stored and shown: no control characters, well-formed Unicode. */
export const isCleanText = (value: string): boolean => !FORBIDDEN_TEXT.test(value);

/** A text field: trimmed, at most `max` characters, no control characters, well-formed. */
export const text = (max: number) =>
  z.string().trim().max(max).refine(isCleanText, { message: INVALID_TEXT, abort: true });

/** A text field that may not be empty once trimmed. */
export const requiredText = (max: number, message = 'Câmpul este obligatoriu.') =>
  z.string({ error: message }).trim().min(1, message).max(max).refine(isCleanText, {
    message: INVALID_TEXT,
    abort: true,
  });

/** Years the product's dates live in: wide enough for any order, narrow enough for PostgreSQL. */
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

const isRealDate = (year: number, month: number, day: number) => {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};
const isRealTime = (hour: number, minute: number, second: number) =>
  hour <= 23 && minute <= 59 && second <= 59;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
export const INVALID_DATE = 'Data nu este validă.';
export const INVALID_TIME = 'Ora nu este validă.';

/** A stored UTC time `YYYY-MM-DD HH:mm:ss` (Time) that exists on the calendar. */
export const utcDateTime = () =>
  z
    .string()
    .regex(DATE_TIME, { message: `${INVALID_DATE} Format: AAAA-LL-ZZ HH:mm:ss.`, abort: true })
    .refine(
      (value) => {
        const [, y, mo, d, h, mi, s] = (DATE_TIME.exec(value) ?? []).map(Number);
        return isRealDate(y ?? 0, mo ?? 0, d ?? 0) && isRealTime(h ?? 99, mi ?? 99, s ?? 99);
      },
      { message: INVALID_DATE },
    );

/** A calendar day `YYYY-MM-DD` that exists. */
export const dateOnly = () =>
  z
    .string()
    .regex(DATE, { message: `${INVALID_DATE} Format: AAAA-LL-ZZ.`, abort: true })
    .refine(
      (value) => {
        const [, y, mo, d] = (DATE.exec(value) ?? []).map(Number);
        return isRealDate(y ?? 0, mo ?? 0, d ?? 0);
      },
      { message: INVALID_DATE },
    );

/** A time of day `HH:mm` or `HH:mm:ss`, 24 h. */
export const timeOnly = () =>
  z
    .string()
    .regex(TIME, { message: `${INVALID_TIME} Format: HH:mm.`, abort: true })
    .refine(
      (value) => {
        const [, h, mi, s] = TIME.exec(value) ?? [];
        return isRealTime(Number(h ?? 99), Number(mi ?? 99), Number(s ?? 0));
      },
      { message: INVALID_TIME },
    );

export const INVALID_LATITUDE = 'Latitudinea trebuie să fie un număr între -90 și 90.';
export const INVALID_LONGITUDE = 'Longitudinea trebuie să fie un număr între -180 și 180.';

/** A latitude in degrees (Coordinates: validate ranges, never swap). */
export const latitude = () =>
  z.number({ error: INVALID_LATITUDE }).min(-90, INVALID_LATITUDE).max(90, INVALID_LATITUDE);

/** A longitude in degrees. */
export const longitude = () =>
  z.number({ error: INVALID_LONGITUDE }).min(-180, INVALID_LONGITUDE).max(180, INVALID_LONGITUDE);
