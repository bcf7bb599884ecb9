import { DiscountsList } from '../features/discounts/DiscountsList';
import { PerActingCompany } from '../features/finances';

/** `/discounts` ('Reduceri' in 'Financiar'): the company's discount conditions. */
export default function DiscountsPage() {
  return (
    <PerActingCompany>
      <DiscountsList />
    </PerActingCompany>
  );
}
