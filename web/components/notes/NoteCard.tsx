import { Button, type ButtonProps, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NoteCardProps {
  testId: string;
  /** The note's first line (its title or its whole text). */
  heading: ReactNode;
  /** The button at the heading's right (archive, resolve); none when the reader may not act. */
  action?: {
    label: string;
    variant: ButtonProps['variant'];
    color: ButtonProps['color'];
    loading: boolean;
    onClick: () => void;
  };
  /** The dimmed last line: who wrote it and when. */
  meta: ReactNode;
  /** Between the heading and the meta line. */
  children?: ReactNode;
}

/** One note of a notes panel: heading with its action, the body, and who and when. */
export function NoteCard({ testId, heading, action, meta, children }: NoteCardProps) {
  return (
    <Paper withBorder p={8} radius="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        {heading}
        {action && (
          <Button
            size="compact-xs"
            variant={action.variant}
            color={action.color}
            style={{ flexShrink: 0 }}
            loading={action.loading}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        )}
      </Group>
      {children}
      <Text size="xs" c="dimmed">
        {meta}
      </Text>
    </Paper>
  );
}
