import { formatRon } from '@common/lib/money';
import type { Order } from '@common/orders/orders.schema';
import { useDiscount } from '../../discounts';

type Discounted = Pick<Order, 'discount_amount' | 'discounted_cost' | 'discount_condition_id'>;

/** An order whose fare a discount condition lowered. */
export const hasDiscount = (order: Discounted): boolean =>
  order.discount_condition_id !== null && order.discount_amount !== null;

/**
 * '3,22 RON (Studenți) · de plată 28,97 RON': what the condition took off and what the client
 * pays. The condition's name is read on its own; without it (not readable) the line says the rest.
 */
export function OrderDiscount({ order }: { order: Discounted }) {
  const condition = useDiscount(order.discount_condition_id);
  const name = condition.data?.name;
  return (
    <>
      {formatRon(order.discount_amount)}
      {name ? ` (${name})` : ''}
      {order.discounted_cost !== null && ` · de plată ${formatRon(order.discounted_cost)}`}
    </>
  );
}
