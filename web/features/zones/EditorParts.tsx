import { Button, Group, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm';
import type { ZoneEditor } from './use-zone-editor';

interface OutlineStatusProps {
  /** Whether there is a shape on the map yet. */
  drawn: boolean;
  summary: string;
  /** The outline's problem (zones.rules.ts), shown before any request. */
  error?: string;
  onRedraw: () => void;
}

/** The drawn shape's state under a form: its size, what is wrong with it, and 'Redesenează'. */
export function OutlineStatus({ drawn, summary, error, onRedraw }: OutlineStatusProps) {
  return (
    <>
      <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
        <Text size="xs" c={drawn ? undefined : 'dimmed'} data-testid="outline-summary">
          {drawn ? summary : 'Nedesenat încă'}
        </Text>
        {drawn && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onRedraw}
            data-testid="outline-redraw"
          >
            Redesenează
          </Button>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" data-testid="outline-error">
          {error}
        </Text>
      )}
    </>
  );
}

/** 'Salvează' (the form's submit, so Enter saves), 'Renunță' (as Esc) and 'Șterge' ('Remove?'). */
export function EditorActions({ editor, isNew }: { editor: ZoneEditor; isNew: boolean }) {
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Group gap="xs">
        <Button type="submit" size="xs" loading={editor.saving} data-testid="editor-save">
          Salvează
        </Button>
        <Button size="xs" variant="default" onClick={editor.cancel} data-testid="editor-cancel">
          Renunță
        </Button>
      </Group>
      {!isNew && (
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={editor.deleting}
          // Confirmation before a destructive step.
          onClick={() => confirmAction('Remove?', editor.remove)}
          data-testid="editor-delete"
        >
          Șterge
        </Button>
      )}
    </Group>
  );
}
