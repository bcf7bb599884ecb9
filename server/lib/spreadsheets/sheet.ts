/**
 * A table to send as a file (CSV or XLSX): its columns say what each cell is, so each format
 * writes it as its readers expect (money as a number of RON, times on the Bucharest clock).
 */
export type Column<R> = { header: string /** Characters, for XLSX. */; width?: number } & (
  | { kind: 'text'; value: (row: R) => string | null }
  /** Bani, written as RON. */
  | { kind: 'money'; value: (row: R) => number | null }
  | { kind: 'count'; value: (row: R) => number | null }
  /** A stored UTC time `YYYY-MM-DD HH:mm:ss`, written as Bucharest wall-clock time. */
  | { kind: 'datetime'; value: (row: R) => string | null }
);

/** A cell of a footer line, read as its column's kind (money in bani). */
export type FooterCell = string | number | null;

export interface Sheet<R> {
  /** The XLSX sheet's name (at most 31 characters). */
  name: string;
  columns: readonly Column<R>[];
  rows: AsyncIterable<R> | Iterable<R>;
  /** Lines after the rows (a statement's totals), one cell per column. */
  footer?: readonly (readonly FooterCell[])[];
}

/** A cell of a row or footer line, before its format writes it. */
export function cellsOf<R>(columns: readonly Column<R>[], row: R): FooterCell[] {
  return columns.map((column) => column.value(row));
}
