import { Button, Group, type MantineColor, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';

export interface NotesPanelProps<T extends { id: number }> {
  title: string;
  testId: string;
  /** The header button that opens the form; only writers see it. */
  add: { label: string; color?: MantineColor };
  canWrite: boolean;
  /** The list's greatest height before it scrolls. */
  height: number;
  /** Undefined while the first read is on its way. */
  notes: readonly T[] | undefined;
  isError: boolean;
  emptyText: string;
  errorText: string;
  renderNote: (note: T) => ReactNode;
  /** The form that adds a note, above the list; `done` closes it. */
  renderForm: (done: () => void) => ReactNode;
}

/**
 * A dashboard card of short notes (announcements, incidents): title, an 'add' button that opens
 * a form above the list, and the notes in a scrolling column with their empty and error lines.
 */
export function NotesPanel<T extends { id: number }>({
  title,
  testId,
  add,
  canWrite,
  height,
  notes,
  isError,
  emptyText,
  errorText,
  renderNote,
  renderForm,
}: NotesPanelProps<T>) {
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {canWrite && !adding && (
          <Button
            size="compact-xs"
            variant="light"
            color={add.color}
            onClick={() => setAdding(true)}
          >
            {add.label}
          </Button>
        )}
      </Group>
      {adding && renderForm(() => setAdding(false))}
      <ScrollArea.Autosize mah={height} mt={adding ? 'xs' : 0}>
        <Stack gap={6}>
          {notes?.map((note) => (
            <Fragment key={note.id}>{renderNote(note)}</Fragment>
          ))}
          {notes?.length === 0 && !adding && (
            <Text size="sm" c="dimmed">
              {emptyText}
            </Text>
          )}
          {isError && (
            <Text size="sm" c="red">
              {errorText}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
