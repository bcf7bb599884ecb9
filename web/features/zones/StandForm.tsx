import { STAND_RADIUS_M, type Stand } from '@common/zones/zones.schema';
import { Group, NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { EditorForm } from '../../components/editor/EditorForm';
import { OutlineStatus } from './EditorParts';
import { StandQueue } from './StandQueue';
import type { ZoneEditor } from './use-zone-editor';
import { STAND_RADIUS_HINT, type StandDraft, type StandShape } from './zone-form';
import { cornerCount } from './zone-geometry';

interface StandFormProps {
  editor: ZoneEditor;
  draft: StandDraft;
  /** The saved stand (with its queue); null for a new one. */
  stand: Stand | null;
  errors: Record<string, string[]>;
}

const SHAPES: { value: StandShape; label: string }[] = [
  { value: 'radius', label: 'Punct cu rază' },
  { value: 'outline', label: 'Contur' },
];

/**
 * A taxi stand: a point with a radius in metres (placed with a click on the map,
 * then dragged), or a small outline drawn like a zone whose middle is the stand's point.
 */
export function StandForm({ editor, draft, stand, errors }: StandFormProps) {
  const corners = cornerCount(draft.paths);
  return (
    <EditorForm testId="stand-form" actions={editor} isNew={stand === null}>
      <TextInput
        label="Nume"
        size="xs"
        required
        autoFocus
        value={draft.name}
        error={errors.name?.join(' ')}
        onChange={(event) => editor.setStand({ name: event.currentTarget.value })}
        data-testid="stand-name"
      />
      <SegmentedControl
        mt="xs"
        size="xs"
        fullWidth
        data={SHAPES}
        value={draft.shape}
        onChange={(value) => editor.setStandShape(value as StandShape)}
        data-testid="stand-shape"
      />
      {draft.shape === 'radius' ? (
        <>
          <Group gap="md" mt={6} align="flex-end" wrap="nowrap">
            <NumberInput
              label={`Rază (${STAND_RADIUS_HINT})`}
              size="xs"
              min={STAND_RADIUS_M.min}
              max={STAND_RADIUS_M.max}
              step={10}
              allowDecimal={false}
              allowNegative={false}
              value={draft.radius}
              error={errors.radius?.join(' ')}
              onChange={(value) => editor.setStand({ radius: value })}
              style={{ flex: 1 }}
              data-testid="stand-radius"
            />
            <Text
              size="xs"
              mb={6}
              c={draft.point ? undefined : 'dimmed'}
              title="Punctul stației (latitudine, longitudine)"
              data-testid="stand-point"
            >
              {draft.point
                ? `${draft.point.lat.toFixed(5)}, ${draft.point.long.toFixed(5)}`
                : 'Nepoziționată încă'}
            </Text>
          </Group>
          {errors.point && (
            <Text size="xs" c="red" role="alert" data-testid="stand-point-error">
              {errors.point.join(' ')}
            </Text>
          )}
        </>
      ) : (
        <OutlineStatus
          drawn={corners > 0}
          summary={`${corners} colțuri`}
          error={errors.paths?.join(' ')}
          onRedraw={editor.redraw}
        />
      )}
      {stand && (
        <>
          <Text size="xs" fw={600} mt="sm">
            Coada ({stand.queue.length})
          </Text>
          <StandQueue queue={stand.queue} empty="Niciun șofer liber în stație." />
        </>
      )}
    </EditorForm>
  );
}
