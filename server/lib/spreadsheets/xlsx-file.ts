import { PassThrough, type Readable } from 'node:stream';
import { bucharestParts, fromUtcString } from '@common/lib/dates';
import ExcelJS from 'exceljs';
import { type Column, cellsOf, type FooterCell, type Sheet } from './sheet';

const MONEY_FORMAT = '#,##0.00 "RON"';
const DATETIME_FORMAT = 'dd.mm.yyyy hh:mm';

/**
 * A stored UTC time as the Bucharest wall-clock time Excel shows: spreadsheet dates have no
 * zone, and ExcelJS writes a Date's UTC fields.
 */
function wallClockDate(utc: string): Date {
  const p = bucharestParts(fromUtcString(utc));
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

/** A cell as a typed XLSX value: money a number of RON, a time a date. */
function xlsxCell<R>(column: Column<R>, value: FooterCell): string | number | Date | null {
  if (value === null) return null;
  if (column.kind === 'money' && typeof value === 'number') return value / 100;
  if (column.kind === 'datetime' && typeof value === 'string') return wallClockDate(value);
  return value;
}

/**
 * The sheet as an XLSX workbook of one sheet (docs/EXPORTS.md): typed cells (money as numbers
 * shown in RON, times as dates), a bold header row frozen above the rows. Written by ExcelJS's
 * streaming writer, row by row, so a long sheet is never held whole.
 */
export function xlsxFile<R>(sheet: Sheet<R>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const { columns } = sheet;
  const line = (cells: readonly FooterCell[]) =>
    cells.map((value, i) => xlsxCell(columns[i] as Column<R>, value));

  async function write() {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    worksheet.columns = columns.map((column) => ({
      header: column.header,
      width: column.width ?? 14,
      style:
        column.kind === 'money'
          ? { numFmt: MONEY_FORMAT }
          : column.kind === 'datetime'
            ? { numFmt: DATETIME_FORMAT }
            : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for await (const row of sheet.rows) {
      if (out.destroyed) return;
      worksheet.addRow(line(cellsOf(columns, row))).commit();
    }
    for (const cells of sheet.footer ?? []) {
      const added = worksheet.addRow(line(cells));
      added.font = { bold: true };
      added.commit();
    }
    worksheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
