import { z } from 'zod';

/** The media types of the files the API sends (an endpoint's `produces`). */
export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_TYPES = [CSV_TYPE, XLSX_TYPE] as const;

/** The formats a list or a report is exported in. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS, { error: 'Formatul este csv sau xlsx.' });
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** A person's second export while his first one still streams (429). */
export const EXPORT_BUSY = 'Un export este deja în curs. Așteptați să se termine.';
