import type { Stand } from '@common/zones/zones.schema';
import { Badge, Group, Text } from '@mantine/core';
import { queueSince } from './stand-queue';

interface StandQueueProps {
  queue: Stand['queue'];
  /** What an empty queue says; nothing at all when absent (the list's rows). */
  empty?: string;
}

/**
 * The free drivers waiting at a stand, in arrival order (the `by_near_stand*`
 * searches take them in this order): call sign and since when, HH:mm.
 */
export function StandQueue({ queue, empty }: StandQueueProps) {
  if (queue.length === 0) {
    return empty ? (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    ) : null;
  }
  return (
    <Group gap={4} mt={2} data-testid="stand-queue">
      {queue.map((entry, index) => (
        <Badge
          key={entry.userId}
          size="sm"
          variant="light"
          color="orange"
          radius="sm"
          title={`${index + 1}. în stație de la ${queueSince(entry.since)}`}
        >
          {entry.indicativ ?? `#${entry.userId}`} · {queueSince(entry.since)}
        </Badge>
      ))}
    </Group>
  );
}
