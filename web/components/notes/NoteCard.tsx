import { Button, type ButtonProps, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { toastApiError, toastSuccess } from '../../lib/toast';

/** The button at a note's heading (archive, resolve): a mutation on the note's id. */
export interface NoteAction {
  label: string;
  variant: ButtonProps['variant'];
  color: ButtonProps['color'];
  mutation: {
    mutate: (
      noteId: number,
      options: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  /** The toast once it succeeded. */
  done: string;
}

export interface NoteCardProps {
  noteId: number;
  testId: string;
  /** The note's first line (its title or its whole text). */
  heading: ReactNode;
  /** None when the reader may not act on the note. */
  action?: NoteAction;
  /** The dimmed last line: who wrote it and when. */
  meta: ReactNode;
  /** Between the heading and the meta line. */
  children?: ReactNode;
}

/** One note of a notes panel: heading with its action, the body, and who and when. */
export function NoteCard({ noteId, testId, heading, action, meta, children }: NoteCardProps) {
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
            loading={action.mutation.isPending}
            onClick={() =>
              action.mutation.mutate(noteId, {
                onSuccess: () => toastSuccess(action.done),
                onError: toastApiError,
              })
            }
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
