import { discountedColumns } from '@common/money/discount';
import type { DbOrTx } from '../../../db/client';
import { termsOf } from '../../discounts/discounts.repo';
import type { OrderRow } from '../orders.repo';

/**
 * The final fare's columns, in the finish's transaction: the order's condition (if any) takes
 * its discount off the final cost, which the driver collects as `discounted_cost`.
 */
export async function discountedFare<F extends { cost: number }>(
  tx: DbOrTx,
  order: Pick<OrderRow, 'discount_condition_id'>,
  fare: F,
): Promise<F & { discount_amount: number | null; discounted_cost: number | null }> {
  const terms =
    order.discount_condition_id === null ? null : await termsOf(tx, order.discount_condition_id);
  return { ...fare, ...discountedColumns(fare.cost, terms ?? null) };
}
