import { Button, Group, Text } from '@mantine/core';

interface OutlineStatusProps {
  /** Whether there is a shape on the map yet. */
  drawn: boolean;
  summary: string;
  /** The outline's problem (zones.rules.ts), shown before any request. */
  error?: string;
  onRedraw: () => void;
}

/** The drawn shape's state under a form: its size, what is wrong with it, and 'Redesenează'. */
export function OutlineStatus({ drawn, summary, error, onRedraw }: OutlineStatusProps) {
  return (
    <>
      <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
        <Text size="xs" c={drawn ? undefined : 'dimmed'} data-testid="outline-summary">
          {drawn ? summary : 'Nedesenat încă'}
        </Text>
        {drawn && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onRedraw}
            data-testid="outline-redraw"
          >
            Redesenează
          </Button>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" data-testid="outline-error">
          {error}
        </Text>
      )}
    </>
  );
}
