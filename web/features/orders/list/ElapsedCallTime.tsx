import { Text } from '@mantine/core';
import { formatElapsed, secondsSince } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';

/** Control column: the call's elapsed time, ticking every second. */
export function ElapsedCallTime({ startedAt, orderId }: { startedAt: string; orderId: number }) {
  const now = useNow(1000);
  return (
    <Text
      span
      size="xs"
      ff="monospace"
      c="orange.8"
      data-testid={`order-call-time-${orderId}`}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatElapsed(secondsSince(startedAt, now))}
    </Text>
  );
}
