import { Badge } from '@mantine/core';
import type { RowStatus } from './row-status';

/** Minutes, an hour and more as 1h05 (the cell is narrow; the title says since when). */
export const formatPhaseMinutes = (minutes: number): string =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;

/** The row's state or trip phase, with its minutes when it has a clock. */
export function StatusBadge({ testId, status }: { testId: string; status: RowStatus }) {
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
      data-testid={testId}
      // The badge gives way first in a narrow cell: its title tells it whole.
      style={{ flexShrink: 1, minWidth: 0 }}
    >
      {status.minutes === null
        ? status.label
        : `${status.label} · ${formatPhaseMinutes(status.minutes)}`}
    </Badge>
  );
}
