import type { Message } from '@common/messages/messages.schema';
import { Text } from '@mantine/core';

export type TickStatus = 'sent' | 'delivered' | 'read';

export const tickStatus = (m: Pick<Message, 'delivered_at' | 'read_at'>): TickStatus =>
  m.read_at ? 'read' : m.delivered_at ? 'delivered' : 'sent';

const TICK_TEXT = { sent: '✓', delivered: '✓✓', read: '✓✓' } as const;
const TICK_LABEL = { sent: 'Trimis', delivered: 'Livrat', read: 'Citit' } as const;

/** A sent message's ticks: ✓ sent, gray ✓✓ delivered to a device, blue ✓✓ read. */
export function MessageTicks({
  message,
  testId,
}: {
  message: Pick<Message, 'delivered_at' | 'read_at'>;
  testId: string;
}) {
  const status = tickStatus(message);
  return (
    <Text
      component="span"
      size="10px"
      fw={700}
      c={status === 'read' ? 'blue.6' : 'dimmed'}
      title={TICK_LABEL[status]}
      aria-label={TICK_LABEL[status]}
      data-testid={testId}
      data-status={status}
    >
      {TICK_TEXT[status]}
    </Text>
  );
}
