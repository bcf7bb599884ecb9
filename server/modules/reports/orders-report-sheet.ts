import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '@common/orders/orders.rules';
import type { ReportOrderRow } from '@common/reports/orders-report.schema';
import type { Column } from '../../lib/spreadsheets/sheet';

const SOURCE_LABELS = { from_call: 'Apel', from_app: 'Aplicație' } as const;

/** The orders report's columns in a file, in the screen's order. */
export const ORDERS_REPORT_COLUMNS: readonly Column<ReportOrderRow>[] = [
  { header: 'Comanda', kind: 'count', width: 10, value: (r) => r.orderId },
  { header: 'Data', kind: 'datetime', width: 17, value: (r) => r.orderDate },
  { header: 'Durată apel (s)', kind: 'count', width: 12, value: (r) => r.callDuration },
  { header: 'Adresa', kind: 'text', width: 36, value: (r) => r.placeName },
  { header: 'Client', kind: 'text', width: 20, value: (r) => r.client_name },
  { header: 'Telefon', kind: 'text', width: 14, value: (r) => r.phone },
  { header: 'Stare', kind: 'text', width: 11, value: (r) => ORDER_STATE_LABELS[r.state] },
  { header: 'Indicativ', kind: 'text', width: 10, value: (r) => r.indicativ },
  { header: 'Tarif', kind: 'money', width: 13, value: (r) => r.fare },
  { header: 'Plată', kind: 'text', width: 10, value: (r) => PAYMENT_TYPE_LABELS[r.payment_type] },
  { header: 'Dispecer', kind: 'text', width: 18, value: (r) => r.dispatcher },
  { header: 'Sursă', kind: 'text', width: 10, value: (r) => SOURCE_LABELS[r.source] },
  { header: 'Până la alocare (s)', kind: 'count', width: 12, value: (r) => r.time_to_assign },
  { header: 'Până la preluare (s)', kind: 'count', width: 12, value: (r) => r.time_to_pickup },
];
