import { OperatorConsole } from '../features/orders/console/OperatorConsole';

/** /operator: the operator dashboard around its child routes. */
export default function OperatorPage() {
  return <OperatorConsole flavour="taxi" />;
}
