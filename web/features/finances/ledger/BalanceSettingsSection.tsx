import { formatRonInput } from '@common/lib/money';
import type { FinanceSettings } from '@common/money/tariffs.schema';
import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type FieldErrors, firstError, serverFieldErrors } from '../../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../../lib/toast';
import { FinanceSection } from '../FinanceSection';
import { useSaveFinanceSettings } from '../use-tariffs';
import { parseSignedRon } from './amount-inputs';

/**
 * 'Sold șoferi': the balance below which a driver is offered no orders (may be negative) and
 * whether a transfer or a payout may leave a balance below zero. Every save sends the three
 * settings together, the taximeter's as it is.
 */
export function BalanceSettingsSection({
  settings,
  editable,
}: {
  settings: FinanceSettings;
  editable: boolean;
}) {
  const [minText, setMinText] = useState(() => formatRonInput(settings.min_balance));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveFinanceSettings();
  const dirty = minText !== formatRonInput(settings.min_balance);

  const send = (next: FinanceSettings, then?: (saved: FinanceSettings) => void) =>
    save.mutate(next, {
      onSuccess: (saved) => {
        then?.(saved);
        toastSuccess('Salvat cu succes!');
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toastApiError(error);
      },
    });

  const saveMin = () => {
    const parsed = parseSignedRon(minText);
    setErrors(parsed.ok ? {} : { min_balance: [parsed.error] });
    if (!parsed.ok) return;
    send({ ...settings, min_balance: parsed.bani }, (saved) =>
      setMinText(formatRonInput(saved.min_balance)),
    );
  };

  return (
    <FinanceSection
      title="Sold șoferi"
      description="Un șofer cu soldul sub minim nu primește comenzi până nu depune. Suma poate fi negativă (-50,00)."
    >
      <Group gap="xs" align="flex-start">
        <TextInput
          size="xs"
          w={140}
          label="Sold minim pentru comenzi"
          inputMode="decimal"
          placeholder="0,00"
          rightSection={
            <Text size="xs" c="dimmed">
              RON
            </Text>
          }
          rightSectionWidth={36}
          value={minText}
          disabled={!editable}
          error={firstError(errors, 'min_balance')}
          onChange={(event) => {
            setMinText(event.currentTarget.value);
            setErrors({});
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && dirty) saveMin();
          }}
          data-testid="min-balance"
        />
        {editable && (
          <Button
            size="xs"
            mt={22}
            variant={dirty ? 'filled' : 'default'}
            disabled={!dirty}
            loading={save.isPending}
            onClick={saveMin}
            data-testid="min-balance-save"
          >
            Salvează
          </Button>
        )}
      </Group>
      <Switch
        size="sm"
        label="Permite sold negativ la transfer și plată"
        checked={settings.allow_negative_balance}
        disabled={!editable || save.isPending}
        onChange={(event) =>
          send({ ...settings, allow_negative_balance: event.currentTarget.checked })
        }
        data-testid="allow-negative-balance"
      />
    </FinanceSection>
  );
}
