import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LabelValueProps {
  label: string;
  children: ReactNode;
  /** 'inline': "Label: value" on one line; 'stacked': a small caption over the value. */
  layout?: 'inline' | 'stacked';
  /** The inline text size (a stacked value is always 'sm' under an 'xs' caption). */
  size?: 'xs' | 'sm';
  /** The value's font weight, to set it apart from its label. */
  valueWeight?: number;
  /** Test id of the value alone, so a test reads the value without its label. */
  testId?: string;
}

/**
 * One fact of a card: a dimmed label and its value, on one line ("Sold: 12,00 RON") or as a
 * caption over the value.
 */
export function LabelValue({
  label,
  children,
  layout = 'inline',
  size = 'sm',
  valueWeight,
  testId,
}: LabelValueProps) {
  if (layout === 'stacked') {
    return (
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={valueWeight} data-testid={testId}>
          {children}
        </Text>
      </Stack>
    );
  }
  return (
    // minWidth 0 lets a long value wrap inside a grid cell instead of widening it.
    <Text size={size} style={{ minWidth: 0 }}>
      <Text span c="dimmed" size={size}>
        {label}:{' '}
      </Text>
      <Text span size={size} fw={valueWeight} data-testid={testId}>
        {children}
      </Text>
    </Text>
  );
}
