import { DiscountsList } from '../features/discounts/DiscountsList';

/** `/discounts` ('Reduceri' in 'Financiar'): the company's discount conditions. */
export default function DiscountsPage() {
  return <DiscountsList />;
}
