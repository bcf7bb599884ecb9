import { CSV_TYPE, EXPORT_BUSY, type ExportFormat, XLSX_TYPE } from '@common/http/downloads';
import { AppError } from '../../http/app-error';
import { Download } from '../../http/download';
import { csvFile } from './csv-file';
import type { ExportSlots } from './export-slots';
import type { Sheet } from './sheet';
import { xlsxFile } from './xlsx-file';

/**
 * A sheet as the file a route sends, in the format asked for; with `turn`, only while the
 * person has no other export streaming (429 with the reason otherwise).
 */
export function sheetDownload<R>(
  sheet: Sheet<R>,
  format: ExportFormat,
  fileName: string,
  turn?: { slots: ExportSlots; userId: number },
): Download {
  const write = () => (format === 'csv' ? csvFile(sheet) : xlsxFile(sheet));
  const body = turn ? turn.slots.take(turn.userId, write) : write();
  if (!body) throw new AppError('too_many_requests', EXPORT_BUSY);
  return new Download(
    `${fileName}.${format}`,
    format === 'csv' ? `${CSV_TYPE}; charset=utf-8` : XLSX_TYPE,
    body,
  );
}
