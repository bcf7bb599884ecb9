import { OrderFormPage } from '../features/orders/form/OrderFormPage';

/** /delivery/order/{id}; id 0 creates a new order, services are loaded on mount. */
export default function DeliveryOrderPage() {
  return <OrderFormPage flavour="delivery" />;
}
