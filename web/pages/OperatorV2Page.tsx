import { OperatorV2 } from '../features/orders/console/OperatorV2';

/** /operator/v2: the quick screen. */
export default function OperatorV2Page() {
  return <OperatorV2 />;
}
