import { Group, Text, Tooltip } from '@mantine/core';

interface StatFigureProps {
  label: string;
  value: number | undefined;
  color?: string;
  testId: string;
}

/** A small label and number of the top bar. */
export function StatFigure({ label, value, color, testId }: StatFigureProps) {
  return (
    <Tooltip label={label} openDelay={300}>
      <Group gap={4} wrap="nowrap" aria-label={`${label}: ${value ?? '–'}`}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text
          size="sm"
          fw={600}
          c={color}
          data-testid={testId}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {value ?? '–'}
        </Text>
      </Group>
    </Tooltip>
  );
}
