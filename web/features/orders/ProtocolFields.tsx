import type { UserCompany } from '@common/auth/auth.schema';
import { togglePaymentType } from '@common/orders/orders.rules';
import type { PaymentType } from '@common/orders/orders.schema';
import { Checkbox, Group, Select } from '@mantine/core';

interface ProtocolFieldsProps {
  companies: readonly UserCompany[];
  paymentType: PaymentType;
  companyId: number | null;
  disabled?: boolean;
  onChange: (paymentType: PaymentType, companyId: number | null) => void;
  testId?: string;
}

const NONE = 'none';

/**
 * SPEC §2/§4/§5 'Protocol?': toggles the payment type between cash and protocol; the company
 * selector (the user's protocol companies, or none) is enabled only while it is checked.
 * A user without protocol companies gets the toggle alone.
 */
export function ProtocolFields({
  companies,
  paymentType,
  companyId,
  disabled,
  onChange,
  testId = 'protocol',
}: ProtocolFieldsProps) {
  const protocolCompanies = companies.filter((c) => c.type === 'protocol');
  const checked = paymentType === 'protocol';
  return (
    <Group gap="sm" align="center" wrap="nowrap">
      <Checkbox
        label="Protocol?"
        checked={checked}
        disabled={disabled}
        onChange={() => {
          const next = togglePaymentType(paymentType);
          onChange(next, next === 'protocol' ? companyId : null);
        }}
        data-testid={`${testId}-toggle`}
      />
      {protocolCompanies.length > 0 && (
        <Select
          size="xs"
          aria-label="Companie protocol"
          placeholder="Companie protocol"
          disabled={disabled || !checked}
          data={[
            { value: NONE, label: 'Fără companie' },
            ...protocolCompanies.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={companyId === null ? NONE : String(companyId)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          onChange={(value) =>
            onChange(paymentType, value && value !== NONE ? Number(value) : null)
          }
          data-testid={`${testId}-company`}
          style={{ flex: 1 }}
        />
      )}
    </Group>
  );
}
