import { ActionIcon, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

interface ClientNameCellProps {
  orderId: number;
  name: string;
  saving: boolean;
  onSave: (name: string) => Promise<unknown>;
}

/**
 * Client column: the name is edited in place. Enter saves (PATCH update-name, toast
 * 'Nume client actualizat'), Escape gives up. Clicks here never open the side panel.
 */
export function ClientNameCell({ orderId, name, saving, onSave }: ClientNameCellProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);

  if (!editing) {
    return (
      <UnstyledButton
        data-testid={`order-client-${orderId}`}
        aria-label={`Editează numele clientului comenzii ${orderId}`}
        onClick={(event) => {
          event.stopPropagation();
          setDraft(name);
          setEditing(true);
        }}
        onKeyDown={(event) => event.stopPropagation()}
        title={name || undefined}
        display="block"
        maw="100%"
      >
        <Text size="sm" truncate c={name ? undefined : 'dimmed'} fs={name ? undefined : 'italic'}>
          {name || 'Fără nume'}
        </Text>
      </UnstyledButton>
    );
  }

  const save = async () => {
    if (draft.trim() === name.trim()) {
      setEditing(false);
      return;
    }
    try {
      await onSave(draft.trim());
      setEditing(false);
    } catch {
      // The error toast is shown by the mutation; keep the field open to fix it.
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click from opening the panel.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the input itself.
    <div onClick={(event) => event.stopPropagation()}>
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          autoFocus
          value={draft}
          disabled={saving}
          aria-label="Nume client"
          data-testid={`order-client-input-${orderId}`}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Enter') void save();
            if (event.key === 'Escape') setEditing(false);
          }}
        />
        <ActionIcon
          size="sm"
          variant="light"
          aria-label="Salvează numele"
          loading={saving}
          onClick={() => void save()}
        >
          ✓
        </ActionIcon>
      </Group>
    </div>
  );
}
