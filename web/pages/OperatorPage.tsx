import { OperatorConsole } from '../features/orders';

/** /operator: the operator dashboard around its child routes. */
export default function OperatorPage() {
  return <OperatorConsole flavour="taxi" />;
}
