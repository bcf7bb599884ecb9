import type { ProtocolCompany } from '@common/companies/companies.schema';
import { togglePaymentType } from '@common/orders/orders.rules';
import type { PaymentType } from '@common/orders/orders.schema';
import { Checkbox, Group, Select } from '@mantine/core';
import { useProtocolCompanies } from '../../companies';

interface ProtocolFieldsProps {
  paymentType: PaymentType;
  companyId: number | null;
  /** The saved order's protocol company: still shown if it is no longer offered. */
  current?: ProtocolCompany | null;
  disabled?: boolean;
  /** The server's refusal of the choice (protocol checked without a company, say). */
  error?: string;
  onChange: (paymentType: PaymentType, companyId: number | null) => void;
  testId?: string;
}

const NONE = 'none';

/**
 * 'Protocol?': toggles the payment type between cash and protocol; the company
 * selector is enabled only while it is checked. Its choices are the protocol client companies
 * of the caller's companies (GET /api/protocol-companies): a dispatcher belongs to the taxi
 * company, never to its protocol clients, so the user's own companies would offer nothing.
 */
export function ProtocolFields({
  paymentType,
  companyId,
  current,
  disabled,
  error,
  onChange,
  testId = 'protocol',
}: ProtocolFieldsProps) {
  const offered = useProtocolCompanies().data ?? [];
  const choices =
    current && current.id === companyId && !offered.some((c) => c.id === current.id)
      ? [...offered, current]
      : offered;
  const checked = paymentType === 'protocol';
  return (
    <Group gap="sm" align={error ? 'flex-start' : 'center'} wrap="nowrap">
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
      <Select
        size="xs"
        aria-label="Companie protocol"
        placeholder="Companie protocol"
        disabled={disabled || !checked}
        data={[
          { value: NONE, label: 'Fără companie' },
          ...choices.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        value={companyId === null ? NONE : String(companyId)}
        error={error}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => onChange(paymentType, value && value !== NONE ? Number(value) : null)}
        data-testid={`${testId}-company`}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
