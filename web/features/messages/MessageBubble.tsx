import type { Message } from '@common/messages/messages.schema';
import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MessageTicks } from '../../components/MessageTicks';
import { messageClock } from './message-time';

/**
 * One message: his on the left, mine on the right with the ticks (✓ sent, gray ✓✓ delivered,
 * blue ✓✓ read). The text is always text (React escapes it), never markup.
 */
export function MessageBubble({
  message,
  mine,
  orderPath,
}: {
  message: Message;
  mine: boolean;
  orderPath: (id: number) => string;
}) {
  return (
    <Box
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
      data-testid={`message-${message.id}`}
      data-mine={mine}
    >
      <Paper
        px={8}
        py={4}
        radius="md"
        maw="85%"
        bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
      >
        {message.order_id !== null && (
          <Anchor
            component={Link}
            to={orderPath(message.order_id)}
            size="xs"
            fw={600}
            data-testid={`message-order-${message.id}`}
          >
            Comanda #{message.order_id}
          </Anchor>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Text>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Text size="10px" c="dimmed">
            {messageClock(message.created_at)}
          </Text>
          {mine && <MessageTicks message={message} testId={`message-ticks-${message.id}`} />}
        </Group>
      </Paper>
    </Box>
  );
}
