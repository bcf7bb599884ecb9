import { useParams } from 'react-router';
import { DiscountEditScreen } from '../features/discounts/DiscountEditScreen';

/** `/discount/{id}`: a discount condition; id 0 adds one. */
export default function DiscountPage() {
  const { id } = useParams();
  const discountId = Number(id);
  return (
    <DiscountEditScreen
      key={discountId}
      id={Number.isInteger(discountId) && discountId >= 0 ? discountId : -1}
    />
  );
}
