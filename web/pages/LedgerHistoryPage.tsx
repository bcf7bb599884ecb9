import { PerActingCompany } from '../features/finances';
import { LedgerHistoryScreen } from '../features/finances/ledger/LedgerHistoryScreen';

/** /finances/history ('Istoric sold' in 'Financiar'): the ledger's entries, filters in the URL. */
export default function LedgerHistoryPage() {
  return (
    <PerActingCompany>
      <LedgerHistoryScreen />
    </PerActingCompany>
  );
}
