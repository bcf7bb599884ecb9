import { formatRonInput, parseRon } from '@common/lib/money';
import type { Tariff } from '@common/money/tariffs.schema';
import { Button, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type FieldErrors, firstError, serverFieldErrors } from '../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useSaveTariff } from './use-tariffs';

/** The meter's four amounts, in the table's column order. */
export const METER_FIELDS = [
  { key: 'start_fee', label: 'Pornire' },
  { key: 'per_km', label: 'Preț/km' },
  { key: 'per_minute', label: 'Preț/min' },
  { key: 'minimum_fare', label: 'Tarif minim' },
] as const;

type MeterField = (typeof METER_FIELDS)[number]['key'];
type MeterText = Record<MeterField, string>;

const textOf = (tariff: Tariff | undefined): MeterText => ({
  start_fee: formatRonInput(tariff?.start_fee),
  per_km: formatRonInput(tariff?.per_km),
  per_minute: formatRonInput(tariff?.per_minute),
  minimum_fare: formatRonInput(tariff?.minimum_fare),
});

interface TariffRowProps {
  /** 0: the company's meter for every service without its own. */
  serviceId: number;
  name: string;
  tariff: Tariff | undefined;
  editable: boolean;
}

/** One service's meter, typed in RON ('2,80') and saved in bani with its own 'Salvează'. */
export function TariffRow({ serviceId, name, tariff, editable }: TariffRowProps) {
  const [text, setText] = useState<MeterText>(() => textOf(tariff));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveTariff();
  const dirty = JSON.stringify(text) !== JSON.stringify(textOf(tariff));

  const set = (key: MeterField, value: string) => {
    setText((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = () => {
    const found: FieldErrors = {};
    const body = { start_fee: 0, per_km: 0, per_minute: 0, minimum_fare: 0 };
    for (const { key } of METER_FIELDS) {
      const parsed = parseRon(text[key]);
      if (parsed.ok) body[key] = parsed.bani;
      else found[key] = [parsed.error];
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { serviceId, body },
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

  return (
    <Table.Tr data-testid={`tariff-row-${serviceId}`}>
      <Table.Td>
        <Text size="sm" fw={serviceId === 0 ? 600 : undefined}>
          {name}
        </Text>
        {!tariff && (
          <Text size="xs" c="dimmed">
            {serviceId === 0
              ? 'fără tarif: comenzile rămân fără cost'
              : 'folosește tariful pentru toate serviciile'}
          </Text>
        )}
      </Table.Td>
      {METER_FIELDS.map(({ key, label }) => (
        <Table.Td key={key}>
          <TextInput
            size="xs"
            w={110}
            inputMode="decimal"
            placeholder="0,00"
            rightSection={
              <Text size="xs" c="dimmed">
                RON
              </Text>
            }
            rightSectionWidth={36}
            aria-label={`${label} · ${name}`}
            value={text[key]}
            disabled={!editable}
            error={firstError(errors, key)}
            onChange={(event) => set(key, event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            data-testid={`tariff-${serviceId}-${key}`}
          />
        </Table.Td>
      ))}
      {editable && (
        <Table.Td>
          <Button
            size="xs"
            variant={dirty ? 'filled' : 'default'}
            disabled={!dirty}
            loading={save.isPending}
            onClick={submit}
            data-testid={`tariff-save-${serviceId}`}
          >
            Salvează
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
