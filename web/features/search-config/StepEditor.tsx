import {
  NOTIFICATION_METHOD_LABELS,
  REFUSAL_ACTION_LABELS,
  SEARCH_ORDER_LABELS,
  SEARCH_TYPE_LABELS,
} from '@common/dispatch/search-config.labels';
import {
  NOTIFICATION_METHODS,
  REFUSAL_ACTIONS,
  SEARCH_ORDERINGS,
  SEARCH_TYPES,
  type SearchItem,
  type SearchType,
} from '@common/dispatch/search-method.schema';
import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Text,
  Tooltip,
} from '@mantine/core';
import { limitUnit } from './interval-summary';
import { withSearchType } from './search-step';

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));

const TYPE_OPTIONS = options(SEARCH_TYPES, SEARCH_TYPE_LABELS);
const ORDER_OPTIONS = options(SEARCH_ORDERINGS, SEARCH_ORDER_LABELS);
const NOTIFY_OPTIONS = options(NOTIFICATION_METHODS, NOTIFICATION_METHOD_LABELS);
const REFUSAL_OPTIONS = options(REFUSAL_ACTIONS, REFUSAL_ACTION_LABELS);

interface StepEditorProps {
  index: number;
  count: number;
  item: SearchItem;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (item: SearchItem) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** A whole number from a NumberInput (it reports text while typing: '' or '1.'). */
const whole = (value: number | string, fallback: number) => {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.trunc(number) : fallback;
};

/**
 * One step of a search method (`definitions.items[]`): what drivers it looks for and
 * how far, how long it waits, how it orders and notifies them, and its refusal rules.
 */
export function StepEditor({
  index,
  count,
  item,
  errors,
  readOnly,
  onChange,
  onMove,
  onRemove,
}: StepEditorProps) {
  const set = <K extends keyof SearchItem>(key: K, value: SearchItem[K]) =>
    onChange({ ...item, [key]: value });
  const ban = item.ban_conditions;
  const setBan = <K extends keyof typeof ban>(key: K, value: (typeof ban)[K]) =>
    set('ban_conditions', { ...ban, [key]: value });
  const id = (field: string) => `step-${index}-${field}`;
  const number = (
    field: 'search_time' | 'search_limit',
    label: string,
    min: number,
    max: number,
    unit: string,
  ) => (
    <NumberInput
      size="xs"
      label={label}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      value={item[field]}
      onChange={(value) => set(field, whole(value, item[field]))}
      rightSection={
        <Text size="xs" c="dimmed" pr={6}>
          {unit}
        </Text>
      }
      rightSectionWidth={52}
      error={errors[field]}
      disabled={readOnly}
      data-testid={id(field)}
    />
  );

  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`step-${index}`}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          Pasul {index + 1}
        </Text>
        {!readOnly && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Mută mai sus">
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === 0}
                aria-label={`Mută pasul ${index + 1} mai sus`}
                onClick={() => onMove(index - 1)}
              >
                ↑
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Mută mai jos">
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === count - 1}
                aria-label={`Mută pasul ${index + 1} mai jos`}
                onClick={() => onMove(index + 1)}
              >
                ↓
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Șterge pasul">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                disabled={count === 1}
                aria-label={`Șterge pasul ${index + 1}`}
                onClick={onRemove}
                data-testid={id('remove')}
              >
                ✕
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={5} spacing="xs" verticalSpacing={6}>
        <Select
          size="xs"
          label="Tip căutare"
          data={TYPE_OPTIONS}
          value={item.search_type}
          allowDeselect={false}
          onChange={(value) => value && onChange(withSearchType(item, value as SearchType))}
          error={errors.search_type}
          disabled={readOnly}
          data-testid={id('search_type')}
        />
        {number('search_time', 'Timp de căutare', 1, 600, 'sec.')}
        {number('search_limit', 'Limită', 1, 100_000, limitUnit(item.search_type))}
        <Select
          size="xs"
          label="Ordonare"
          data={ORDER_OPTIONS}
          value={item.search_order_by}
          allowDeselect={false}
          onChange={(value) =>
            value && set('search_order_by', value as SearchItem['search_order_by'])
          }
          error={errors.search_order_by}
          disabled={readOnly}
          data-testid={id('search_order_by')}
        />
        <Select
          size="xs"
          label="Notificare"
          data={NOTIFY_OPTIONS}
          value={item.notification_method}
          allowDeselect={false}
          onChange={(value) =>
            value && set('notification_method', value as SearchItem['notification_method'])
          }
          error={errors.notification_method}
          disabled={readOnly}
          data-testid={id('notification_method')}
        />
      </SimpleGrid>
      <Group gap="lg" mt={8}>
        <Checkbox
          size="xs"
          label="Exclude șoferii anunțați anterior"
          checked={item.exclude_previous}
          onChange={(event) => set('exclude_previous', event.currentTarget.checked)}
          disabled={readOnly}
          data-testid={id('exclude_previous')}
        />
        <Checkbox
          size="xs"
          label="Reguli la refuz"
          checked={ban.active}
          onChange={(event) => setBan('active', event.currentTarget.checked)}
          disabled={readOnly}
          data-testid={id('ban_active')}
        />
      </Group>
      {ban.active && (
        <SimpleGrid cols={5} spacing="xs" mt={6} data-testid={id('ban')}>
          <Select
            size="xs"
            label="Acțiune"
            data={REFUSAL_OPTIONS}
            value={ban.type}
            allowDeselect={false}
            onChange={(value) => value && setBan('type', value as typeof ban.type)}
            error={errors['ban_conditions.type']}
            disabled={readOnly}
          />
          <NumberInput
            size="xs"
            label="Șoferii de la locul"
            min={1}
            max={1000}
            allowDecimal={false}
            value={ban.drivers.from}
            onChange={(value) =>
              setBan('drivers', { ...ban.drivers, from: whole(value, ban.drivers.from) })
            }
            error={errors['ban_conditions.drivers.from']}
            disabled={readOnly}
          />
          <NumberInput
            size="xs"
            label="până la locul"
            min={1}
            max={1000}
            allowDecimal={false}
            value={ban.drivers.to}
            onChange={(value) =>
              setBan('drivers', { ...ban.drivers, to: whole(value, ban.drivers.to) })
            }
            error={errors['ban_conditions.drivers.to']}
            disabled={readOnly}
          />
          <NumberInput
            size="xs"
            label="Refuzuri permise"
            min={1}
            max={1000}
            allowDecimal={false}
            value={ban.count}
            onChange={(value) => setBan('count', whole(value, ban.count))}
            error={errors['ban_conditions.count']}
            disabled={readOnly}
          />
          <NumberInput
            size="xs"
            label="Resetare după"
            min={1}
            max={7 * 24 * 60}
            allowDecimal={false}
            value={ban.reset_interval}
            onChange={(value) => setBan('reset_interval', whole(value, ban.reset_interval))}
            rightSection={
              <Text size="xs" c="dimmed" pr={6}>
                min.
              </Text>
            }
            rightSectionWidth={44}
            error={errors['ban_conditions.reset_interval']}
            disabled={readOnly}
          />
        </SimpleGrid>
      )}
    </Paper>
  );
}
