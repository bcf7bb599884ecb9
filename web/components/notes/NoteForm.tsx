import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { toastSuccess } from '../../lib/toast';

export interface NoteFormProps<Body> {
  /** The create mutation; its field errors are the caller's to show on the fields. */
  create: {
    mutate: (body: Body, options: { onSuccess: () => void }) => void;
    isPending: boolean;
  };
  /** The body to send, read at submit. */
  body: () => Body;
  /** The toast once the note is created (then the form closes). */
  done: string;
  submitLabel: string;
  /** Closes the form: after a create, or on 'Renunță'. */
  onDone: () => void;
  /** The note's fields, one under the other. */
  children: ReactNode;
  /** A last field on the buttons' row (it takes the row's free width). */
  aside?: ReactNode;
}

/** The dense form of a notes panel: the fields, then 'Renunță' and the submit on the last row. */
export function NoteForm<Body>({
  create,
  body,
  done,
  submitLabel,
  onDone,
  children,
  aside,
}: NoteFormProps<Body>) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(body(), {
          onSuccess: () => {
            toastSuccess(done);
            onDone();
          },
        });
      }}
    >
      <Stack gap={6}>
        {children}
        <Group gap="xs" align="flex-end">
          {aside}
          <Button size="xs" variant="default" onClick={onDone}>
            Renunță
          </Button>
          <Button size="xs" type="submit" loading={create.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
