import type { OrderOption } from '@common/catalog/catalog.schema';
import { Checkbox, Group, MultiSelect } from '@mantine/core';

/** 8 options are shown inline, the rest are in a dropdown. */
export const INLINE_OPTIONS = 8;

interface OptionsPickerProps {
  options: readonly OrderOption[];
  value: readonly string[];
  disabled?: boolean;
  onChange: (value: string[]) => void;
}

export function OptionsPicker({ options, value, disabled, onChange }: OptionsPickerProps) {
  const inline = options.slice(0, INLINE_OPTIONS);
  const rest = options.slice(INLINE_OPTIONS);
  const restKeys = new Set(rest.map((o) => o.key));
  const toggle = (key: string, on: boolean) =>
    onChange(on ? [...value, key] : value.filter((k) => k !== key));

  return (
    <Group gap="xs" align="center" data-testid="order-options">
      {inline.map((option) => (
        <Checkbox
          key={option.key}
          size="xs"
          label={option.name}
          checked={value.includes(option.key)}
          disabled={disabled}
          onChange={(event) => toggle(option.key, event.currentTarget.checked)}
          data-testid={`option-${option.key}`}
        />
      ))}
      {rest.length > 0 && (
        <MultiSelect
          size="xs"
          placeholder="Alte opțiuni"
          aria-label="Alte opțiuni"
          data={rest.map((o) => ({ value: o.key, label: o.name }))}
          value={value.filter((k) => restKeys.has(k))}
          disabled={disabled}
          comboboxProps={{ withinPortal: false }}
          onChange={(picked) => onChange([...value.filter((k) => !restKeys.has(k)), ...picked])}
          style={{ minWidth: 160 }}
          data-testid="options-more"
        />
      )}
    </Group>
  );
}
