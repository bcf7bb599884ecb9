import { Group, Text } from '@mantine/core';
import { formatListTime } from '../../../lib/dates';
import type { RowStatus } from './row-status';
import { StatusBadge } from './StatusBadge';

/** The 'Șofer alocat' card's phase: the badge with its minutes, and since when. */
export function DriverPhase({ orderId, status }: { orderId: number; status: RowStatus }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="driver-phase">
      <StatusBadge orderId={orderId} status={status} />
      {status.since && (
        <Text size="xs" c="dimmed" data-testid="driver-phase-since">
          din {formatListTime(status.since)}
        </Text>
      )}
    </Group>
  );
}
