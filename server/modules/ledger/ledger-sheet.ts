import { LEDGER_KIND_LABELS, type LedgerEntry } from '@common/money/ledger.schema';
import type { Column } from '../../lib/spreadsheets/sheet';

/** The balance history's columns in a file (/finances/history's). */
export const LEDGER_COLUMNS: readonly Column<LedgerEntry>[] = [
  { header: 'Data', kind: 'datetime', width: 17, value: (e) => e.created_at },
  { header: 'Indicativ', kind: 'text', width: 10, value: (e) => e.indicativ },
  { header: 'Șofer', kind: 'text', width: 22, value: (e) => e.driver_name },
  { header: 'Tip', kind: 'text', width: 22, value: (e) => LEDGER_KIND_LABELS[e.kind] },
  { header: 'Sumă', kind: 'money', width: 14, value: (e) => e.amount },
  { header: 'Sold după', kind: 'money', width: 14, value: (e) => e.balance_after },
  { header: 'Comanda', kind: 'count', width: 10, value: (e) => e.order_id },
  { header: 'Transfer cu', kind: 'text', width: 22, value: (e) => e.counterpart_name },
  { header: 'Înregistrată de', kind: 'text', width: 20, value: (e) => e.created_by_name },
  { header: 'Notă', kind: 'text', width: 30, value: (e) => e.note },
];
