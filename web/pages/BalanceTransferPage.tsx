import { PerActingCompany } from '../features/finances';
import { TransferScreen } from '../features/finances/ledger/TransferScreen';

/** /finances/transfer ('Transfer sold' in 'Financiar'): money from one driver to another. */
export default function BalanceTransferPage() {
  return (
    <PerActingCompany>
      <TransferScreen />
    </PerActingCompany>
  );
}
