import { Group, NumberInput, Switch, TextInput } from '@mantine/core';
import { EditorForm } from '../../components/editor/EditorForm';
import { OutlineStatus } from './EditorParts';
import type { ZoneEditor } from './use-zone-editor';
import type { ZoneDraft } from './zone-form';
import { cornerCount } from './zone-geometry';

interface ZoneFormProps {
  editor: ZoneEditor;
  draft: ZoneDraft;
  isNew: boolean;
  errors: Record<string, string[]>;
}

/**
 * A zone's fields (Polygon: name, isVisible; priority 0–100 where zones overlap) with
 * the outline's state under them. Enter in a field saves (the form's submit).
 */
export function ZoneForm({ editor, draft, isNew, errors }: ZoneFormProps) {
  const corners = cornerCount(draft.paths);
  return (
    <EditorForm testId="zone-form" actions={editor} isNew={isNew}>
      <TextInput
        label="Nume"
        size="xs"
        required
        autoFocus
        value={draft.name}
        error={errors.name?.join(' ')}
        onChange={(event) => editor.setZone({ name: event.currentTarget.value })}
        data-testid="zone-name"
      />
      <Group gap="md" mt={6} align="flex-end" wrap="nowrap">
        <NumberInput
          label="Prioritate (0–100)"
          title="Unde zonele se suprapun, șoferul este în zona cu prioritatea cea mai mare."
          size="xs"
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={draft.priority}
          error={errors.priority?.join(' ')}
          onChange={(value) => editor.setZone({ priority: value })}
          style={{ flex: 1 }}
          data-testid="zone-priority"
        />
        <Switch
          label="Vizibilă"
          size="sm"
          mb={6}
          checked={draft.isVisible}
          onChange={(event) => editor.setZone({ isVisible: event.currentTarget.checked })}
          data-testid="zone-visible"
        />
      </Group>
      <OutlineStatus
        drawn={corners > 0}
        summary={`${corners} colțuri`}
        error={errors.paths?.join(' ')}
        onRedraw={editor.redraw}
      />
    </EditorForm>
  );
}
