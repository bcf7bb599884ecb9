/**
 * Up to `limit` non-negative integers from a comma-separated list such as PostgreSQL's
 * `string_agg(id::text, ',')`, straight into an Int32Array, and how many the text held. A
 * tab's ids arrive this way: parsed as an `int[]`, thousands of ids became thousands of
 * strings and numbers at every reload (garbage the collector then had to sweep).
 */
export function parseIntList(text: string, limit: number): { values: Int32Array; count: number } {
  if (text.length === 0) return { values: new Int32Array(0), count: 0 };
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const values = new Int32Array(Math.min(count, limit));
  let at = 0;
  let value = 0;
  for (let i = 0; i < text.length && at < values.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      values[at++] = value;
      value = 0;
    } else if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else throw new Error(`not a list of integers: ${text.slice(0, 40)}`);
  }
  if (at < values.length) values[at] = value;
  return { values, count };
}
