import { LIVE_STATES } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import { Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '../../lib/dates';
import { ORDER_STATE_COLORS, ORDER_STATE_LABELS, orderAddress } from '../../lib/orders/labels';
import { useOrdersList } from '../../lib/orders/use-orders-list';

/** Addresses on the map card are cut at 35 characters. */
export const MAP_CARD_ADDRESS_MAX = 35;

export const cutAddress = (address: string, max = MAP_CARD_ADDRESS_MAX) =>
  address.length > max ? `${address.slice(0, max)}…` : address;

/** A short list on the card: a few rows, the rest in the order search (F6). */
const ROWS = 5;

interface DriverOrdersProps {
  driverId: number;
  kind: 'active' | 'history';
  onOpenOrder?: (id: number) => void;
}

/**
 * driver card: his active orders (created, pending, assigned) or his order history
 * (finished and canceled, newest first), from GET /api/orders?driver_id. The order pushes keep
 * the rows live (order-cache.ts replaces them in place).
 */
export function DriverOrders({ driverId, kind, onOpenOrder }: DriverOrdersProps) {
  const states = kind === 'active' ? LIVE_STATES : (['finished', 'canceled'] as const);
  const { data, isPending, isError } = useOrdersList({
    driver_id: driverId,
    states: states.join(','),
    per_page: ROWS,
  });
  const title = kind === 'active' ? 'Comenzi active' : 'Istoric comenzi';
  const testId = `driver-card-${kind}`;
  return (
    <Stack gap={2} data-testid={testId}>
      <Group gap={6}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {title}
        </Text>
        {data && (
          <Text size="xs" c="dimmed" data-testid={`${testId}-total`}>
            {data.meta.total_capped ? `${data.meta.total}+` : data.meta.total}
          </Text>
        )}
      </Group>
      {isPending ? (
        <Loader size="xs" aria-label="Se încarcă" />
      ) : isError ? (
        <Text size="xs" c="red.7">
          Comenzile nu au putut fi încărcate.
        </Text>
      ) : data.data.length === 0 ? (
        <Text size="xs" c="dimmed">
          {kind === 'active' ? 'Nicio comandă activă.' : 'Nicio comandă.'}
        </Text>
      ) : (
        data.data.map((order) => (
          <DriverOrderRow key={order.id} order={order} onOpen={onOpenOrder} />
        ))
      )}
    </Stack>
  );
}

function DriverOrderRow({ order, onOpen }: { order: Order; onOpen?: (id: number) => void }) {
  const address = orderAddress(order);
  const row = (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="xs" fw={600} style={{ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' }}>
        #{order.id}
      </Text>
      <Text size="xs" c="dimmed" style={{ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(order.created_at)}
      </Text>
      <Badge
        size="xs"
        variant="light"
        color={ORDER_STATE_COLORS[order.state]}
        style={{ flex: '0 0 auto' }}
      >
        {ORDER_STATE_LABELS[order.state]}
      </Badge>
      <Text size="xs" truncate title={address || undefined}>
        {address ? cutAddress(address) : 'Adresă nespecificată.'}
      </Text>
    </Group>
  );
  if (!onOpen) return <div data-testid={`driver-order-${order.id}`}>{row}</div>;
  return (
    <UnstyledButton
      onClick={() => onOpen(order.id)}
      data-testid={`driver-order-${order.id}`}
      style={{ borderRadius: 4 }}
    >
      {row}
    </UnstyledButton>
  );
}
