import { Button, Group, Paper } from '@mantine/core';
import { Icon } from '../../../components/Icon';
import type { Line } from '../engine/lines';
import { CallerSummary } from './CallerSummary';

interface PendingCallCardProps {
  line: Line;
  /** The answer key's label on the oldest call's button ('F1', '`'); null on the others. */
  answerKey: string | null;
  onAnswer: (lineId: string) => void;
  /** Gives up a callback that rings at the client's. */
  onHangUp: (lineId: string) => void;
}

/**
 * One call of the pending-calls bar: the number, who it is, and the answer button (or, for a
 * callback still ringing at the client's, the button that gives it up).
 */
export function PendingCallCard({ line, answerKey, onAnswer, onHangUp }: PendingCallCardProps) {
  const answering = line.state === 'answering';
  const dialing = line.state === 'dialing';
  const testId = 'pending-call';
  return (
    <Paper
      withBorder
      radius="sm"
      px="xs"
      py={4}
      w={400}
      style={{ flex: 'none' }}
      data-testid={testId}
      data-line-id={line.id}
      data-phone={line.phone}
      data-state={line.state}
      aria-label={dialing ? `Se apelează ${line.phone}` : `Apel de la ${line.phone}`}
    >
      <Group gap="xs" wrap="nowrap">
        <Icon
          name="phone"
          size={16}
          color={`var(--mantine-color-${dialing ? 'blue' : 'orange'}-7)`}
          style={{ flex: 'none' }}
        />
        <CallerSummary phone={line.phone} displayName={line.displayName} testId={testId} />
        {dialing ? (
          <Button
            size="compact-sm"
            variant="default"
            style={{ flex: 'none' }}
            onClick={() => onHangUp(line.id)}
            data-testid={`${testId}-hangup`}
          >
            Renunță
          </Button>
        ) : (
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
        )}
      </Group>
    </Paper>
  );
}
