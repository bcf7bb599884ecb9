import { pipeline, Readable } from 'node:stream';
import { bucharestParts, fromUtcString } from '@common/lib/dates';
import { formatRonInput } from '@common/lib/money';
import { stringify } from 'csv-stringify';
import { type Column, cellsOf, type FooterCell, type Sheet } from './sheet';

/**
 * A text that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) gets a leading apostrophe: a CSV cell cannot say "this is text". A
 * signed number (a phone `+40744…`, `-12,50`) runs nothing and is left as it is.
 */
export function neutraliseFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || /^[+-][\d .,]*$/.test(value)) return value;
  return `'${value}`;
}

function csvCell<R>(column: Column<R>, value: FooterCell): string {
  if (value === null) return '';
  // Money as Romanian Excel reads a number: `-1234,50`, no thousands separator, no currency.
  if (column.kind === 'money' && typeof value === 'number') return formatRonInput(value);
  if (column.kind === 'datetime' && typeof value === 'string') {
    const { year, month, day, hour, minute } = bucharestParts(fromUtcString(value));
    return `${day}.${month}.${year} ${hour}:${minute}`;
  }
  return typeof value === 'string' ? neutraliseFormula(value) : String(value);
}

/**
 * The sheet as CSV for a Romanian Excel (docs/EXPORTS.md): UTF-8 with a byte-order mark,
 * semicolons between cells, CRLF between lines, quotes where a cell needs them. Streams: rows
 * are read as the client takes them, and a closed download stops the reading.
 */
export function csvFile<R>(sheet: Sheet<R>): Readable {
  const { columns } = sheet;
  const line = (cells: readonly FooterCell[]) =>
    cells.map((value, i) => csvCell(columns[i] as Column<R>, value));
  async function* lines() {
    yield columns.map((column) => neutraliseFormula(column.header));
    for await (const row of sheet.rows) yield line(cellsOf(columns, row));
    for (const cells of sheet.footer ?? []) yield line(cells);
  }
  const out = stringify({ delimiter: ';', bom: true, record_delimiter: '\r\n' });
  pipeline(Readable.from(lines()), out, () => {});
  return out;
}
