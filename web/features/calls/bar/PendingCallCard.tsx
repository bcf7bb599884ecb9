import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Icon } from '../../../components/Icon';
import type { Line } from '../engine/lines';
import { CallerSummary } from './CallerSummary';

interface PendingCallCardProps {
  line: Line;
  /** The answer key's label on the oldest call's button ('F1', '`'); null on the others. */
  answerKey: string | null;
  onAnswer: (lineId: string) => void;
}

/** One ringing call of the pending-calls bar: the number, who it is, and the answer button. */
export function PendingCallCard({ line, answerKey, onAnswer }: PendingCallCardProps) {
  const answering = line.state === 'answering';
  const testId = 'pending-call';
  return (
    <Paper
      withBorder
      radius="sm"
      px="xs"
      py={4}
      w={360}
      style={{ flex: 'none' }}
      data-testid={testId}
      data-line-id={line.id}
      data-phone={line.phone}
      data-state={line.state}
      aria-label={`Apel de la ${line.phone}`}
    >
      <Group gap="xs" wrap="nowrap">
        <Icon name="phone" size={16} color="var(--mantine-color-orange-7)" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text
              size="sm"
              fw={700}
              ff="monospace"
              style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
              data-testid={`${testId}-phone`}
            >
              {line.phone}
            </Text>
            <div style={{ minWidth: 0 }}>
              <CallerSummary phone={line.phone} displayName={line.displayName} testId={testId} />
            </div>
          </Group>
        </Stack>
        <Button
          size="compact-sm"
          color="teal"
          style={{ flex: 'none' }}
          loading={answering}
          onClick={() => onAnswer(line.id)}
          data-testid={`${testId}-answer`}
        >
          {answerKey ? `Răspunde (${answerKey})` : 'Răspunde'}
        </Button>
      </Group>
    </Paper>
  );
}
