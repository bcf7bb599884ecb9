import { LEDGER_KINDS, type LedgerKind } from '@common/money/ledger.schema';

/** The history's filters, kept in the page's URL so a link opens them. */
export interface HistoryFilters {
  driverId: number | null;
  kind: LedgerKind | null;
  /** YYYY-MM-DD, '' for none. */
  dateFrom: string;
  dateTo: string;
  page: number;
}

/** Where a driver's history opens: the balances list and the driver cards link here. */
export const historyPath = (driverId: number) => `/finances/history?driver_id=${driverId}`;

const positive = (text: string | null) => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
};
const isKind = (text: string | null): text is LedgerKind =>
  (LEDGER_KINDS as readonly (string | null)[]).includes(text);
const day = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

/** The filters a URL names; anything unreadable there is no filter. */
export function filtersOf(params: URLSearchParams): HistoryFilters {
  const kind = params.get('kind');
  return {
    driverId: positive(params.get('driver_id')),
    kind: isKind(kind) ? kind : null,
    dateFrom: day(params.get('date_from')),
    dateTo: day(params.get('date_to')),
    page: positive(params.get('page')) ?? 1,
  };
}

/** The URL's query for the filters, without the empty ones (and without page 1). */
export function paramsOf(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.driverId !== null) params.set('driver_id', String(filters.driverId));
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.dateFrom) params.set('date_from', filters.dateFrom);
  if (filters.dateTo) params.set('date_to', filters.dateTo);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /api/ledger-entries' query for the filters. */
export const entriesQuery = (filters: HistoryFilters, perPage: number) => ({
  driver_id: filters.driverId ?? undefined,
  kind: filters.kind ?? undefined,
  date_from: filters.dateFrom || undefined,
  date_to: filters.dateTo || undefined,
  page: filters.page,
  per_page: perPage,
});
