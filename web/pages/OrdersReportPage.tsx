import { OrdersReportScreen } from '../features/reports/OrdersReportScreen';

/** /reports/orders ('Raport comenzi'): the filtered orders, their totals and exports. */
export default function OrdersReportPage() {
  return <OrdersReportScreen />;
}
