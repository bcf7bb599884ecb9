import type { DiscountCondition } from '@common/money/discounts.schema';
import {
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DateField } from '../../components/DateField';
import { formErrorsOf, isApiError, serverFieldErrors } from '../../lib/form/field-errors';
import { FIELDSET } from '../../lib/form/fieldset';
import { apiErrorMessages } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { useProtocolCompanies } from '../companies';
import { ClientPicker } from './ClientPicker';
import {
  type Audience,
  type DiscountDraft,
  discountBody,
  discountValidator,
} from './discount-form';
import { useSaveDiscount } from './use-discounts';

interface DiscountFormProps {
  /** 0: a new condition. */
  id: number;
  initial: DiscountDraft;
  /** The saved condition's protocol company: still shown if it is no longer offered. */
  currentProtocol?: { id: number; name: string } | null;
  onSaved: (saved: DiscountCondition) => void;
  /** Only administrators change conditions; anyone else reads them. */
  readOnly?: boolean;
}

const KINDS = [
  { value: 'percent', label: 'Procent' },
  { value: 'fixed', label: 'Sumă fixă' },
];

const AUDIENCES = [
  { value: 'all', label: 'Toți' },
  { value: 'client', label: 'Un client' },
  { value: 'protocol', label: 'Firmă de protocol' },
];

const unit = (text: string) => (
  <Text size="xs" c="dimmed">
    {text}
  </Text>
);

/**
 * A discount condition: what it takes off (a percentage or an amount, typed '12,5' or '5,50'
 * and sent in basis points or bani), when, for whom and how many times; checked by the API's own
 * contract, and the server's 422 lands on the same fields.
 */
export function DiscountForm({
  id,
  initial,
  currentProtocol,
  onSaved,
  readOnly,
}: DiscountFormProps) {
  const creating = id === 0;
  const form = useForm({
    initialValues: initial,
    validate: discountValidator,
    transformValues: discountBody,
  });
  const draft = form.values;
  const save = useSaveDiscount(id);
  const offered = useProtocolCompanies().data ?? [];
  useUnsavedChangesWarning(form.isDirty() && !save.isPending);

  const protocolChoices = [
    ...offered,
    ...(currentProtocol && !offered.some((c) => c.id === currentProtocol.id)
      ? [currentProtocol]
      : []),
  ].map((c) => ({ value: String(c.id), label: c.name }));
  const percent = draft.kind === 'percent';
  // A rule of the whole record (none the contract has today) goes above the button.
  const otherErrors = Object.entries(form.errors)
    .filter(([key]) => !(key in draft))
    .map(([, message]) => message);

  const field = (key: keyof DiscountDraft) => ({
    ...form.getInputProps(key),
    'data-testid': `discount-${key}`,
  });
  const toggle = (key: keyof DiscountDraft) => ({
    ...form.getInputProps(key, { type: 'checkbox' }),
    'data-testid': `discount-${key}`,
  });

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.resetDirty();
        onSaved(saved);
      },
      onError: (error) => form.setErrors(formErrorsOf(serverFieldErrors(error), draft)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={readOnly} style={FIELDSET}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <TextInput label="Nume" required autoFocus={creating} {...field('name')} />
            <Select
              label="Tip"
              data={KINDS}
              allowDeselect={false}
              {...field('kind')}
              onChange={(value) =>
                form.setFieldValue('kind', value === 'fixed' ? 'fixed' : 'percent')
              }
            />
            <TextInput
              label={percent ? 'Procent' : 'Sumă'}
              required
              inputMode="decimal"
              placeholder={percent ? '10' : '5,00'}
              rightSection={unit(percent ? '%' : 'RON')}
              rightSectionWidth={36}
              {...field('value')}
            />
            {percent ? (
              <TextInput
                label="Cel mult"
                description="pe o cursă; gol: fără limită"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                inputMode="decimal"
                placeholder="—"
                rightSection={unit('RON')}
                rightSectionWidth={36}
                {...field('max_amount')}
              />
            ) : (
              <div />
            )}
            <DateField
              label="Valabilă de la"
              value={draft.valid_from}
              onChange={(value) => form.setFieldValue('valid_from', value)}
              error={form.errors.valid_from}
              data-testid="discount-valid_from"
            />
            <DateField
              label="Valabilă până la"
              value={draft.valid_until}
              onChange={(value) => form.setFieldValue('valid_until', value)}
              error={form.errors.valid_until}
              data-testid="discount-valid_until"
            />
            <NumberInput
              label="Limită per client"
              placeholder="fără limită"
              min={1}
              allowDecimal={false}
              {...field('per_client_limit')}
            />
            <NumberInput
              label="Limită totală"
              placeholder="fără limită"
              min={1}
              allowDecimal={false}
              {...field('total_limit')}
            />
          </SimpleGrid>

          <Input.Wrapper label="Pentru">
            <div>
              <SegmentedControl
                size="xs"
                data={AUDIENCES}
                value={draft.audience}
                disabled={readOnly}
                onChange={(value) => form.setFieldValue('audience', value as Audience)}
                data-testid="discount-audience"
              />
            </div>
          </Input.Wrapper>
          {draft.audience === 'client' && (
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <ClientPicker
                value={{ phone: draft.client_phone, id: draft.client_id, name: draft.client_name }}
                disabled={readOnly}
                error={form.errors.client_id as string | undefined}
                onChange={(client) => {
                  form.setValues({
                    client_phone: client.phone,
                    client_id: client.id,
                    client_name: client.name,
                  });
                  form.clearFieldError('client_id');
                }}
              />
            </SimpleGrid>
          )}
          {draft.audience === 'protocol' && (
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <Select
                label="Firma de protocol"
                required
                searchable
                placeholder="Alegeți firma"
                nothingFoundMessage="Nicio firmă de protocol"
                data={protocolChoices}
                {...field('protocol_company_id')}
                value={
                  draft.protocol_company_id === null ? null : String(draft.protocol_company_id)
                }
                onChange={(value) =>
                  form.setFieldValue('protocol_company_id', value === null ? null : Number(value))
                }
              />
            </SimpleGrid>
          )}
          {/* Both picks at once are refused by the contract: its message shows here too. */}
          {draft.audience !== 'protocol' && form.errors.protocol_company_id && (
            <Text size="xs" c="red" data-testid="discount-audience-error">
              {form.errors.protocol_company_id}
            </Text>
          )}

          <Group gap="lg">
            <Switch label="Compensează șoferul" {...toggle('compensate_driver')} />
            <Switch label="Dezactivată" color="red" {...toggle('disabled')} />
          </Group>
          {(otherErrors.length > 0 || (save.isError && !isApiError(save.error, 422))) && (
            <Alert color="red" variant="light" data-testid="discount-form-error">
              {otherErrors.length > 0
                ? otherErrors.join(' ')
                : apiErrorMessages(save.error).join(' ')}
            </Alert>
          )}
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="discount-save">
                {creating ? 'Adaugă reducerea' : 'Salvează'}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
