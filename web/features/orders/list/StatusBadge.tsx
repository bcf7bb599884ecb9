import { Badge } from '@mantine/core';
import type { RowStatus } from './row-status';

/** The row's state or trip phase, with its minutes when it has a clock. */
export function StatusBadge({ orderId, status }: { orderId: number; status: RowStatus }) {
  return (
    <Badge
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      px={6}
      color={status.alert ? 'orange' : status.color}
      variant={status.alert ? 'filled' : 'light'}
      title={status.title}
      data-testid={`order-status-${orderId}`}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status.minutes === null ? status.label : `${status.label} · ${status.minutes} min`}
    </Badge>
  );
}
