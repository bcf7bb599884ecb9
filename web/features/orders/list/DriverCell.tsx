import type { Order } from '@common/orders/orders.schema';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { cancellationText } from '../labels';

interface DriverCellProps {
  order: Order;
  showRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * SPEC §2 Driver column: call sign and waiting minutes in green, a spinner while the search
 * runs (state created), the cancellation reason, and a retry button for canceled own orders.
 */
export function DriverCell({ order, showRetry, retrying, onRetry }: DriverCellProps) {
  const callSign = order.car_indicativ ?? order.driver?.indicativ ?? null;
  const reason = order.state === 'canceled' ? cancellationText(order) : null;
  return (
    <Stack gap={2}>
      {order.state === 'created' && !callSign && (
        <Loader size={14} aria-label="Se caută șofer" data-testid={`order-searching-${order.id}`} />
      )}
      {callSign && (
        <Group gap={6} wrap="nowrap">
          <Text span size="sm" fw={600} data-testid={`order-callsign-${order.id}`}>
            {callSign}
          </Text>
          {order.waiting_driver_time !== null && (
            <Text span size="xs" c="green.8" fw={600} data-testid={`order-waiting-${order.id}`}>
              {order.waiting_driver_time} min
            </Text>
          )}
        </Group>
      )}
      {reason && (
        <Text size="xs" c="red.8" lineClamp={2} data-testid={`order-cancel-reason-${order.id}`}>
          {reason}
        </Text>
      )}
      {showRetry && (
        <Button
          size="compact-xs"
          variant="light"
          loading={retrying}
          data-testid={`order-retry-${order.id}`}
          onClick={(event) => {
            event.stopPropagation();
            onRetry();
          }}
        >
          Retrimite
        </Button>
      )}
    </Stack>
  );
}
