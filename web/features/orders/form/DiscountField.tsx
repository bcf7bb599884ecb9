import type { DiscountCondition } from '@common/money/discounts.schema';
import { Group, Select, Text } from '@mantine/core';
import { discountChoiceLabel } from '../../discounts';

interface DiscountFieldProps {
  choices: DiscountCondition[];
  value: number | null;
  /** The server's refusal of the choice (its limits spent since it was offered). */
  error?: string;
  onChange: (conditionId: number | null) => void;
}

/** 'Reducere': one of the conditions that apply to the caller, or none. */
export function DiscountField({ choices, value, error, onChange }: DiscountFieldProps) {
  return (
    <Group gap="sm" align={error ? 'flex-start' : 'center'} wrap="nowrap">
      <Text size="sm" pt={error ? 4 : undefined}>
        Reducere
      </Text>
      <Select
        size="xs"
        aria-label="Reducere"
        placeholder="Fără reducere"
        clearable
        data={choices.map((c) => ({ value: String(c.id), label: discountChoiceLabel(c) }))}
        value={value === null ? null : String(value)}
        error={error}
        comboboxProps={{ withinPortal: false }}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        data-testid="order-discount"
        style={{ flex: 1 }}
      />
    </Group>
  );
}
