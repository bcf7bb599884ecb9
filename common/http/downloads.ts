/** The media types of the files the API sends (an endpoint's `produces`). */
export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_TYPES = [CSV_TYPE, XLSX_TYPE] as const;
