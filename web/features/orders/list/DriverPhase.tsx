import { Group, Text } from '@mantine/core';
import { formatListTime } from '../../../lib/dates';
import type { RowStatus } from './row-status';
import { StatusBadge } from './StatusBadge';

/** The trip's phase for the order screen and panel: the badge with its minutes, and since when. */
export function DriverPhase({ testId, status }: { testId: string; status: RowStatus }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <StatusBadge testId={`${testId}-badge`} status={status} />
      {status.since && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-since`}>
          din {formatListTime(status.since)}
        </Text>
      )}
    </Group>
  );
}
