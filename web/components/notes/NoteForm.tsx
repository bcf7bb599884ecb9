import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NoteFormProps {
  /** The note's fields, one under the other. */
  children: ReactNode;
  /** A last field on the buttons' row (it takes the row's free width). */
  aside?: ReactNode;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The dense form of a notes panel: the fields, then 'Renunță' and the submit on the last row. */
export function NoteForm({
  children,
  aside,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: NoteFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={6}>
        {children}
        <Group gap="xs" align="flex-end">
          {aside}
          <Button size="xs" variant="default" onClick={onCancel}>
            Renunță
          </Button>
          <Button size="xs" type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
