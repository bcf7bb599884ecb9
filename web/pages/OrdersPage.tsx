import { OrdersListScreen } from '../features/orders';

/** /orders/{type}: order lists of courier and restaurant companies. */
export default function OrdersPage() {
  return <OrdersListScreen />;
}
