import { PerActingCompany } from '../features/finances';
import { FinancesScreen } from '../features/finances/FinancesScreen';

/** /finances ('Setări' in 'Financiar'): tariffs, surcharges, zone prices, the taximeter. */
export default function FinancesPage() {
  return (
    <PerActingCompany>
      <FinancesScreen />
    </PerActingCompany>
  );
}
