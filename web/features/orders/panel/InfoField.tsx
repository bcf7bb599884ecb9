import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small caption over a value (the side panel's facts). */
export function InfoField({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
