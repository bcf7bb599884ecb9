import type { Statement, StatementRide } from '@common/money/statements.schema';
import { PAYMENT_TYPE_LABELS } from '@common/orders/orders.rules';
import type { Column, Sheet } from '../../lib/spreadsheets/sheet';

const COLUMNS: readonly Column<StatementRide>[] = [
  { header: 'Comanda', kind: 'count', width: 10, value: (r) => r.order_id },
  { header: 'Finalizată', kind: 'datetime', width: 17, value: (r) => r.finished_at },
  { header: 'Pasager', kind: 'text', width: 20, value: (r) => r.passenger },
  { header: 'Telefon', kind: 'text', width: 14, value: (r) => r.phone },
  { header: 'Plecare', kind: 'text', width: 32, value: (r) => r.pickup },
  { header: 'Destinație', kind: 'text', width: 32, value: (r) => r.destination },
  { header: 'Indicativ', kind: 'text', width: 10, value: (r) => r.car_indicativ },
  { header: 'Comandată de', kind: 'text', width: 18, value: (r) => r.ordered_by },
  { header: 'Plată', kind: 'text', width: 10, value: (r) => PAYMENT_TYPE_LABELS[r.payment_type] },
  { header: 'Tarif', kind: 'money', width: 14, value: (r) => r.cost },
  { header: 'Reducere', kind: 'money', width: 14, value: (r) => r.discount },
  { header: 'De plată', kind: 'money', width: 14, value: (r) => r.billed },
];

/** A statement as a file: one line per ride, then the totals line. */
export function statementSheet(statement: Statement): Sheet<StatementRide> {
  const { totals } = statement;
  return {
    name: `Decont ${statement.month}`,
    columns: COLUMNS,
    rows: statement.rides,
    footer: [
      [
        'Total',
        null,
        `${totals.rides} curse`,
        null,
        null,
        null,
        null,
        null,
        null,
        totals.cost,
        totals.discount,
        totals.billed,
      ],
    ],
  };
}
