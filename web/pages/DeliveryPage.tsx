import { OperatorConsole } from '../features/orders/console/OperatorConsole';

/** /delivery: the delivery dashboard (couriers, packages 2 and 3) around its children. */
export default function DeliveryPage() {
  return <OperatorConsole flavour="delivery" />;
}
