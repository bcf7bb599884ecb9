import { CompensationsScreen } from '../features/discounts/CompensationsScreen';

/** `/finances/transfer-discount` ('Transfer cu reducere'): discounts paid back to drivers. */
export default function TransferDiscountPage() {
  return <CompensationsScreen />;
}
