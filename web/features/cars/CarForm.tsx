import type { CarRecord } from '@common/cars/cars.schema';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { DateField } from '../../components/DateField';
import { formErrorsOf, isApiError, serverFieldErrors } from '../../lib/form/field-errors';
import { FIELDSET } from '../../lib/form/fieldset';
import { apiErrorMessages } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { driverLabel } from '../drivers';
import { useCompanyChoices, useUserList } from '../users';
import { type CarDraft, carBody, carValidator } from './car-form';
import { EXPIRY_COLOR, expiryState } from './expiry';
import { useSaveCar } from './use-cars';

interface CarFormProps {
  /** 0: a new car. */
  id: number;
  initial: CarDraft;
  /** On a driver's page the driver is fixed: no driver choice. */
  fixedDriver?: boolean;
  onSaved: (car: CarRecord) => void;
  onCancel?: () => void;
  /** A dispatcher reads a car; only administrators change one. */
  readOnly?: boolean;
}

/** An expiry field, red when past and orange within 30 days. */
function ExpiryField(props: {
  label: string;
  value: string;
  error?: ReactNode;
  onChange: (value: string) => void;
  testId: string;
}) {
  const state = expiryState(props.value || null);
  const color = EXPIRY_COLOR[state];
  return (
    <DateField
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      description={state === 'expired' ? 'Expirat' : state === 'soon' ? 'Expiră curând' : undefined}
      // Under the field, so the row's inputs stay aligned.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      styles={
        color
          ? {
              description: { color: `var(--mantine-color-${color}-7)` },
              input: { borderColor: `var(--mantine-color-${color}-5)` },
            }
          : undefined
      }
      data-testid={props.testId}
    />
  );
}

/**
 * A car's page and a driver's 'new car': call sign, make, model, colour, plate, year, seats,
 * company, driver and document expiries, checked with the API's own contract.
 */
export function CarForm({ id, initial, fixedDriver, onSaved, onCancel, readOnly }: CarFormProps) {
  const creating = id === 0;
  const form = useForm({
    initialValues: initial,
    validate: carValidator(creating),
    transformValues: (draft: CarDraft) => carBody(draft, creating),
  });
  const draft = form.values;
  const save = useSaveCar(id);
  const companies = useCompanyChoices();
  const drivers = useUserList({
    role: 'driver',
    company_id: draft.company_id ?? undefined,
    per_page: 100,
  });
  useUnsavedChangesWarning(form.isDirty() && !save.isPending);

  const field = (key: keyof CarDraft) => ({
    ...form.getInputProps(key),
    'data-testid': `car-${key}`,
  });
  const text = (key: keyof CarDraft, label: string) => (
    <TextInput label={label} required {...field(key)} />
  );

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => form.setErrors(formErrorsOf(serverFieldErrors(error), draft)),
    }),
  );

  // The call sign leads each choice: the field's search matches it as well as the name.
  const driverChoices = (drivers.data?.data ?? []).map((d) => ({
    value: String(d.id),
    label:
      d.default_car && d.default_car.id !== id
        ? `${driverLabel(d)} (are altă mașină)`
        : driverLabel(d),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={readOnly} style={FIELDSET}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            {text('indicativ', 'Indicativ')}
            {text('number', 'Nr. înmatriculare')}
            {text('make', 'Marca')}
            {text('model', 'Modelul')}
            {text('color', 'Culoarea')}
            <NumberInput
              label="Anul fabricației"
              min={1950}
              max={2100}
              allowDecimal={false}
              {...field('year')}
            />
            <NumberInput label="Locuri" min={1} max={60} allowDecimal={false} {...field('seats')} />
            {!fixedDriver && (
              <Select
                label="Compania"
                required
                searchable
                data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                {...field('company_id')}
                value={draft.company_id === null ? null : String(draft.company_id)}
                onChange={(value) => {
                  form.setFieldValue('company_id', value === null ? null : Number(value));
                  form.setFieldValue('driver_id', null);
                }}
              />
            )}
            {!fixedDriver && (
              <Select
                label="Șoferul"
                placeholder="Fără șofer"
                clearable
                searchable
                data={driverChoices}
                nothingFoundMessage="Niciun șofer găsit"
                {...field('driver_id')}
                value={draft.driver_id === null ? null : String(draft.driver_id)}
                onChange={(value) =>
                  form.setFieldValue('driver_id', value === null ? null : Number(value))
                }
              />
            )}
            <ExpiryField
              label="ITP valabil până la"
              value={draft.itp_until}
              onChange={(value) => form.setFieldValue('itp_until', value)}
              error={form.errors.itp_until}
              testId="car-itp_until"
            />
            <ExpiryField
              label="RCA valabil până la"
              value={draft.rca_until}
              onChange={(value) => form.setFieldValue('rca_until', value)}
              error={form.errors.rca_until}
              testId="car-rca_until"
            />
            <ExpiryField
              label="Licență valabilă până la"
              value={draft.license_until}
              onChange={(value) => form.setFieldValue('license_until', value)}
              error={form.errors.license_until}
              testId="car-license_until"
            />
          </SimpleGrid>
          {save.isError && !isApiError(save.error, 422) && (
            <Alert color="red" variant="light">
              {apiErrorMessages(save.error).join(' ')}
            </Alert>
          )}
          <Group justify="flex-end" display={readOnly ? 'none' : undefined}>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Renunță
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid="car-save">
              {creating ? 'Adaugă mașina' : 'Salvează'}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
