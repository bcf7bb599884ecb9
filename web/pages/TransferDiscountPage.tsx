import { CompensationsScreen } from '../features/discounts/CompensationsScreen';
import { PerActingCompany } from '../features/finances';

/** `/finances/transfer-discount` ('Transfer cu reducere'): discounts paid back to drivers. */
export default function TransferDiscountPage() {
  return (
    <PerActingCompany>
      <CompensationsScreen />
    </PerActingCompany>
  );
}
