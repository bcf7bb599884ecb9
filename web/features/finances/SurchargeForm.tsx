import { SurchargeBodySchema, WEEKDAYS } from '@common/money/tariffs.schema';
import { Button, Chip, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { TimeField } from '../../components/TimeField';
import {
  type FieldErrors,
  firstError,
  serverFieldErrors,
  zodFieldErrors,
} from '../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useCreateSurcharge } from './use-tariffs';
import { WEEKDAY_LABELS } from './weekdays';

interface Draft {
  name: string;
  days: string[];
  time_from: string;
  time_to: string;
  percent: number | string;
}

// The usual surcharge is the night's: only its name and days are left to choose.
const EMPTY: Draft = { name: '', days: [], time_from: '22:00', time_to: '06:00', percent: 130 };

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  days: draft.days.map(Number).sort((a, b) => a - b),
  time_from: draft.time_from,
  time_to: draft.time_to,
  percent: typeof draft.percent === 'number' ? draft.percent : Number.NaN,
});

/** Adds a surcharge: name, the days its window starts on, from–to (past midnight), percent. */
export function SurchargeForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateSurcharge();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SurchargeBodySchema.safeParse(bodyOf(draft));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(EMPTY);
        setErrors({});
        toastSuccess('Salvat cu succes!');
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toastApiError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Adaos nou" data-testid="surcharge-form">
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            size="xs"
            w={160}
            label="Denumire"
            placeholder="Noapte"
            value={draft.name}
            error={firstError(errors, 'name')}
            onChange={(event) => set('name', event.currentTarget.value)}
            data-testid="surcharge-name"
          />
          <TimeField
            size="xs"
            w={80}
            label="De la"
            value={draft.time_from}
            error={firstError(errors, 'time_from')}
            onChange={(value) => set('time_from', value)}
            data-testid="surcharge-from"
          />
          <TimeField
            size="xs"
            w={80}
            label="Până la"
            value={draft.time_to}
            error={firstError(errors, 'time_to')}
            onChange={(value) => set('time_to', value)}
            data-testid="surcharge-to"
          />
          <NumberInput
            size="xs"
            w={90}
            label="Procent"
            suffix="%"
            allowDecimal={false}
            allowNegative={false}
            value={draft.percent}
            error={firstError(errors, 'percent')}
            onChange={(value) => set('percent', value)}
            data-testid="surcharge-percent"
          />
        </Group>
        <Stack gap={2}>
          <Chip.Group multiple value={draft.days} onChange={(days) => set('days', days)}>
            <Group gap={4}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} size="xs" value={String(day)} data-testid={`surcharge-day-${day}`}>
                  {WEEKDAY_LABELS[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {firstError(errors, 'days') && (
            <Text size="xs" c="red" data-testid="surcharge-days-error">
              {firstError(errors, 'days')}
            </Text>
          )}
        </Stack>
        <Group>
          <Button size="xs" type="submit" loading={create.isPending} data-testid="surcharge-add">
            Adaugă adaosul
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
