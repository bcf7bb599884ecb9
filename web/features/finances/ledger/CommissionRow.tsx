import { formatRonInput, parseRon } from '@common/lib/money';
import type { Commission } from '@common/money/ledger.schema';
import { Button, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type FieldErrors, firstError, serverFieldErrors } from '../../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../../lib/toast';
import { useSaveCommission } from '../use-tariffs';
import { formatPercentInput, parsePercent } from './amount-inputs';

interface CommissionText {
  percent_bp: string;
  fixed: string;
}

const textOf = (commission: Commission | undefined): CommissionText => ({
  percent_bp: formatPercentInput(commission?.percent_bp),
  fixed: formatRonInput(commission?.fixed),
});

const unit = (text: string) => (
  <Text size="xs" c="dimmed">
    {text}
  </Text>
);

/**
 * One service's commission: a percent of the fare ('12,5' → 1250 basis points) plus a fixed
 * amount per trip in RON (bani on the wire), saved with its own 'Salvează'. An empty field is 0.
 */
export function CommissionRow({
  serviceId,
  name,
  commission,
  editable,
}: {
  /** 0: the company's commission for every service without its own. */
  serviceId: number;
  name: string;
  commission: Commission | undefined;
  editable: boolean;
}) {
  const [text, setText] = useState<CommissionText>(() => textOf(commission));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCommission();
  const dirty = JSON.stringify(text) !== JSON.stringify(textOf(commission));

  const set = (key: keyof CommissionText, value: string) => {
    setText((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = () => {
    const percent = parsePercent(text.percent_bp);
    const fixed = text.fixed.trim() === '' ? { ok: true as const, bani: 0 } : parseRon(text.fixed);
    const found: FieldErrors = {};
    if (!percent.ok) found.percent_bp = [percent.error];
    if (!fixed.ok) found.fixed = [fixed.error];
    setErrors(found);
    if (!percent.ok || !fixed.ok) return;
    save.mutate(
      { serviceId, body: { percent_bp: percent.bp, fixed: fixed.bani } },
      {
        onSuccess: (saved) => {
          setText(textOf(saved));
          toastSuccess('Salvat cu succes!');
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          toastApiError(error);
        },
      },
    );
  };

  const field = (key: keyof CommissionText, label: string, suffix: string, placeholder: string) => (
    <Table.Td>
      <TextInput
        size="xs"
        w={110}
        inputMode="decimal"
        placeholder={placeholder}
        rightSection={unit(suffix)}
        rightSectionWidth={36}
        aria-label={`${label} · ${name}`}
        value={text[key]}
        disabled={!editable}
        error={firstError(errors, key)}
        onChange={(event) => set(key, event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
        data-testid={`commission-${serviceId}-${key}`}
      />
    </Table.Td>
  );

  return (
    <Table.Tr data-testid={`commission-row-${serviceId}`}>
      <Table.Td>
        <Text size="sm" fw={serviceId === 0 ? 600 : undefined}>
          {name}
        </Text>
        {!commission && (
          <Text size="xs" c="dimmed">
            {serviceId === 0 ? 'fără comision' : 'folosește comisionul pentru toate serviciile'}
          </Text>
        )}
      </Table.Td>
      {field('percent_bp', 'Procent', '%', '0')}
      {field('fixed', 'Sumă fixă', 'RON', '0,00')}
      {editable && (
        <Table.Td>
          <Button
            size="xs"
            variant={dirty ? 'filled' : 'default'}
            disabled={!dirty}
            loading={save.isPending}
            onClick={submit}
            data-testid={`commission-save-${serviceId}`}
          >
            Salvează
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
