import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmAction } from '../confirm';

/** What the form's buttons do; an editor hook's own object fits as it is. */
export interface EditorFormActions {
  save: () => void;
  cancel: () => void;
  remove: () => void;
  saving: boolean;
  deleting: boolean;
}

export interface EditorFormProps {
  testId: string;
  actions: EditorFormActions;
  /** A new item has nothing to delete: no 'Șterge'. */
  isNew: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * The form of a list-and-editor screen: the fields, then 'Salvează' (the form's submit, so
 * Enter in a field saves), 'Renunță', and 'Șterge' after a 'Remove?' confirmation. The
 * fields check themselves: the browser's own validation is off.
 */
export function EditorForm({ testId, actions, isNew, children }: EditorFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actions.save();
      }}
      data-testid={testId}
    >
      {children}
      <Group justify="space-between" mt="sm" gap="xs">
        <Group gap="xs">
          <Button type="submit" size="xs" loading={actions.saving} data-testid="editor-save">
            Salvează
          </Button>
          <Button size="xs" variant="default" onClick={actions.cancel} data-testid="editor-cancel">
            Renunță
          </Button>
        </Group>
        {!isNew && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={actions.deleting}
            // A destructive step is confirmed first.
            onClick={() => confirmAction('Remove?', actions.remove)}
            data-testid="editor-delete"
          >
            Șterge
          </Button>
        )}
      </Group>
    </form>
  );
}
