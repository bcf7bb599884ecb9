import { PerActingCompany } from '../features/finances';
import { DriverBalancesScreen } from '../features/finances/ledger/DriverBalancesScreen';

/** /finances/sold ('Sold șoferi' in 'Financiar'): the drivers' balances, lowest first. */
export default function DriverBalancesPage() {
  return (
    <PerActingCompany>
      <DriverBalancesScreen />
    </PerActingCompany>
  );
}
