import type { Order } from '@common/orders/orders.schema';
import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { Icon } from '../../../components/Icon';
import { cancellationText } from '../../../lib/orders/labels';
import type { RowStatus } from './row-status';
import { StatusBadge } from './StatusBadge';

interface DriverCellProps {
  order: Order;
  status: RowStatus;
  showRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Driver column, on one line: a spinner while the search runs (state created), the call
 * sign, the row's state or trip phase with its minutes, the waiting minutes in green while the
 * driver is on his way, the cancellation reason (cut to the column, whole on hover), and a
 * retry button for canceled own orders.
 */
export function DriverCell({ order, status, showRetry, retrying, onRetry }: DriverCellProps) {
  const callSign = order.car_indicativ ?? order.driver?.indicativ ?? null;
  const reason = order.state === 'canceled' ? cancellationText(order) : null;
  return (
    <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }}>
      {status.searching && !callSign && (
        <Loader size={14} aria-label="Se caută șofer" data-testid={`order-searching-${order.id}`} />
      )}
      {callSign && (
        <Text
          span
          size="sm"
          fw={600}
          data-testid={`order-callsign-${order.id}`}
          style={{ flexShrink: 0 }}
        >
          {callSign}
        </Text>
      )}
      {callSign && status.showsWaitingTime && order.waiting_driver_time !== null && (
        <Text
          span
          size="xs"
          c="green.8"
          fw={600}
          title="Timpul anunțat de șofer până la client"
          data-testid={`order-waiting-${order.id}`}
          style={{ flexShrink: 0 }}
        >
          {order.waiting_driver_time} min
        </Text>
      )}
      <StatusBadge testId={`order-status-${order.id}`} status={status} />
      {reason && (
        <Text
          size="xs"
          c="red.8"
          truncate
          title={reason}
          style={{ flex: 1, minWidth: 0 }}
          data-testid={`order-cancel-reason-${order.id}`}
        >
          {reason}
        </Text>
      )}
      {showRetry && (
        <ActionIcon
          size="sm"
          variant="light"
          loading={retrying}
          aria-label="Retrimite"
          title="Retrimite"
          data-testid={`order-retry-${order.id}`}
          style={{ flexShrink: 0 }}
          onClick={(event) => {
            event.stopPropagation();
            onRetry();
          }}
        >
          <Icon name="refresh" size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}
