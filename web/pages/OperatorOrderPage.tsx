import { OrderFormPage } from '../features/orders/form/OrderFormPage';

/** /operator/order/{id}; id 0 is a new order. */
export default function OperatorOrderPage() {
  return <OrderFormPage flavour="taxi" />;
}
