import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of /finances with one line saying what it does. */
export function FinanceSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Stack gap={0}>
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}
