import { OrdersListScreen } from '../features/orders/list/OrdersListScreen';

/** /orders/{type} (SPEC §2): order lists of courier and restaurant companies. */
export default function OrdersPage() {
  return <OrdersListScreen />;
}
