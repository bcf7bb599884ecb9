import { OrdersListScreen } from '../features/orders/list/OrdersListScreen';

/** /orders/{type}: order lists of courier and restaurant companies. */
export default function OrdersPage() {
  return <OrdersListScreen />;
}
