import { SOFTPHONE_LINES } from '@common/calls/calls.schema';
import { Box, Group, ScrollArea, Text } from '@mantine/core';
import { freeLines, type Line } from '../engine/lines';
import { useSoftphoneInstance } from '../engine/softphone-context';
import { useSoftphone } from '../engine/use-softphone';
import { useAnswerKey } from '../use-call-options';
import { PendingCallCard } from './PendingCallCard';

/** Calls not yet talking: ringing here, being answered, or a callback ringing at the client's. */
const waiting = (line: Line) =>
  line.state === 'ringing' || line.state === 'answering' || line.state === 'dialing';

/**
 * Shell pending-calls bar: a slim strip under the header, only while calls ring. Each
 * call shows its number and who is calling; the oldest one's button names the answer key.
 * 'Linii libere' counts the free slots (15 minus the calls in progress).
 */
export function PendingCallsBar() {
  const phone = useSoftphoneInstance();
  const { lines } = useSoftphone();
  const [answerKey] = useAnswerKey();
  const pending = lines.filter(waiting);
  if (pending.length === 0) return null;
  const firstRinging = pending.find((line) => line.state === 'ringing');
  const incoming = pending.filter((line) => line.direction === 'incoming').length;
  let count = 'Se apelează';
  if (incoming === 1) count = '1 apel sună';
  if (incoming > 1) count = `${incoming} apeluri sună`;

  return (
    <Box
      component="section"
      aria-label="Apeluri în așteptare"
      data-testid="pending-calls"
      px="sm"
      py={6}
      style={{
        flex: 'none',
        background: 'var(--mantine-color-orange-0)',
        borderBottom: '1px solid var(--mantine-color-orange-2)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text
          size="xs"
          fw={700}
          c="orange.9"
          style={{ flex: 'none', whiteSpace: 'nowrap' }}
          aria-live="polite"
          data-testid="pending-calls-count"
        >
          {count}
        </Text>
        <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x" style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            {pending.map((line) => (
              <PendingCallCard
                key={line.id}
                line={line}
                answerKey={line === firstRinging ? answerKey : null}
                onAnswer={(id) => void phone.answer(id)}
                onHangUp={(id) => phone.hangUp(id)}
              />
            ))}
          </Group>
        </ScrollArea>
        <Text
          size="xs"
          c="dimmed"
          style={{ flex: 'none', whiteSpace: 'nowrap' }}
          data-testid="free-lines"
        >
          Linii libere: {freeLines(lines)}/{SOFTPHONE_LINES}
        </Text>
      </Group>
    </Box>
  );
}
