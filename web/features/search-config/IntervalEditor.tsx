import {
  EVERY_DAY_LABEL,
  INTERVAL_TYPE_LABELS,
  WEEKDAY_LABELS,
} from '@common/dispatch/search-config.labels';
import { MAX_SEARCH_ITEMS, type SearchInterval } from '@common/dispatch/search-config.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import { Button, Group, Input, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DateField } from '../../components/DateField';
import { MaskedInput } from '../../components/MaskedInput';
import { isApiError } from '../../lib/api-client';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { draftOf, move, stepErrors, TIME_OF_DAY_FORMAT } from './interval-summary';
import { StepEditor } from './StepEditor';
import { type IntervalDraft, useSaveInterval } from './use-search-config';

const DAY_OPTIONS = [
  { value: '', label: EVERY_DAY_LABEL },
  ...Object.entries(WEEKDAY_LABELS).map(([value, label]) => ({ value, label })),
];

interface IntervalEditorProps {
  interval: SearchInterval;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * An expanded interval ('expand conditions'): when it applies — weekdays or a day, the
 * time window — and the steps of its method. Saved together: 'Salvat cu succes!'. Enter saves,
 * 'Renunță' puts back what is stored; leaving with unsaved changes asks first.
 */
export function IntervalEditor({ interval, readOnly, onClose }: IntervalEditorProps) {
  const stored = useMemo(() => draftOf(interval), [interval]);
  const [draft, setDraft] = useState<IntervalDraft>(stored);
  const save = useSaveInterval();
  const dirty = JSON.stringify(draft) !== JSON.stringify(stored);
  useUnsavedChangesWarning(dirty && !readOnly);
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const error = (field: string) => errors[field]?.join(' ');
  const set = <K extends keyof IntervalDraft>(key: K, value: IntervalDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setItems = (items: IntervalDraft['items']) => set('items', items);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) save.mutate({ interval, draft });
      }}
      data-testid={`interval-editor-${interval.id}`}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          {/* An input's own label, so 'Se aplică' matches 'Ziua', 'De la', 'Până la'. */}
          <Stack gap={0}>
            <Input.Label size="xs">Se aplică</Input.Label>
            <SegmentedControl
              size="xs"
              value={draft.type}
              onChange={(value) => set('type', value as IntervalDraft['type'])}
              data={[
                { value: 'weekdays', label: INTERVAL_TYPE_LABELS.weekdays },
                { value: 'custom', label: INTERVAL_TYPE_LABELS.custom },
              ]}
              disabled={readOnly}
              data-testid="interval-type"
            />
          </Stack>
          {draft.type === 'weekdays' ? (
            <Select
              size="xs"
              w={160}
              label="Ziua"
              data={DAY_OPTIONS}
              value={draft.selected_day === null ? '' : String(draft.selected_day)}
              allowDeselect={false}
              onChange={(value) => set('selected_day', value ? Number(value) : null)}
              error={error('value.selected_day')}
              disabled={readOnly}
              data-testid="interval-day"
            />
          ) : (
            <DateField
              size="xs"
              w={160}
              label="Data"
              value={draft.custom_day ?? ''}
              onChange={(value) => set('custom_day', value || null)}
              error={error('value.custom_day')}
              disabled={readOnly}
              data-testid="interval-custom-day"
            />
          )}
          <MaskedInput
            size="xs"
            w={110}
            label="De la"
            placeholder="hh:mm:ss"
            maxLength={8}
            format={TIME_OF_DAY_FORMAT}
            value={draft.time_from}
            onChange={(value) => set('time_from', value)}
            error={error('value.time_from')}
            disabled={readOnly}
            data-testid="interval-time-from"
          />
          <MaskedInput
            size="xs"
            w={110}
            label="Până la"
            placeholder="hh:mm:ss"
            maxLength={8}
            format={TIME_OF_DAY_FORMAT}
            value={draft.time_to}
            onChange={(value) => set('time_to', value)}
            error={error('value.time_to')}
            disabled={readOnly}
            data-testid="interval-time-to"
          />
        </Group>
        {error('definitions.items') && (
          <Text size="xs" c="red">
            {error('definitions.items')}
          </Text>
        )}
        {draft.items.map((item, index) => (
          <StepEditor
            // Steps have no id; the index is what the server's errors name too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            index={index}
            count={draft.items.length}
            item={item}
            errors={stepErrors(errors, index)}
            readOnly={readOnly}
            onChange={(next) => setItems(draft.items.map((one, at) => (at === index ? next : one)))}
            onMove={(to) => setItems(move(draft.items, index, to))}
            onRemove={() => setItems(draft.items.filter((_, at) => at !== index))}
          />
        ))}
        {!readOnly && (
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              disabled={draft.items.length >= MAX_SEARCH_ITEMS}
              onClick={() => setItems([...draft.items, DEFAULT_SEARCH_ITEM])}
              data-testid="add-step"
            >
              Adaugă pas
            </Button>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setDraft(stored);
                  save.reset();
                  if (!dirty) onClose();
                }}
              >
                {dirty ? 'Renunță' : 'Închide'}
              </Button>
              <Button type="submit" size="xs" loading={save.isPending} data-testid="interval-save">
                Salvează
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
