import { formatRon } from '@common/lib/money';
import type { Order } from '@common/orders/orders.schema';
import { Text } from '@mantine/core';
import { COST_SOURCE_LABELS } from '../../../lib/orders/labels';

/**
 * The fare and, dimmed, how it was made ('32,19 RON estimat'); '—' while there is none. A
 * discount is said beside it (OrderDiscount): this is the fare before it.
 */
export function OrderCost({
  order,
}: {
  order: Pick<Order, 'cost' | 'discounted_cost' | 'cost_source'>;
}) {
  const cost = order.cost ?? order.discounted_cost;
  if (cost === null) return '—';
  return (
    <>
      {formatRon(cost)}
      {order.cost_source && (
        <Text span size="xs" c="dimmed">
          {' '}
          {COST_SOURCE_LABELS[order.cost_source]}
        </Text>
      )}
    </>
  );
}
