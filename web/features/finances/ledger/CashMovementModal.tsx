import { parseRon } from '@common/lib/money';
import { CashMovementBodySchema, type DriverBalance } from '@common/money/ledger.schema';
import { Alert, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ModalActions } from '../../../components/ModalActions';
import {
  type FieldErrors,
  firstError,
  isApiError,
  zodFieldErrors,
} from '../../../lib/form/field-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { toastApiError, toastSuccess } from '../../../lib/toast';
import { ledgerDriverLabel } from './driver-label';
import { BalanceText } from './MoneyText';
import { type CashMovementKind, useCashMovement } from './use-ledger';

const TITLES: Record<CashMovementKind, string> = { top_up: 'Depunere', payout: 'Plată' };
const SHOWN_FIELDS = ['amount', 'note'];

/**
 * 'Depunere' (money the driver paid in) or 'Plată' (money paid out to him): the amount in RON
 * and a note. Mounted once per opening, so each opening has its own `Idempotency-Key` and a
 * retried click posts once.
 */
export function CashMovementModal({
  kind,
  driver,
  onClose,
}: {
  kind: CashMovementKind;
  driver: DriverBalance;
  onClose: () => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useCashMovement(kind);
  const parsed = parseRon(amount);
  const sign = kind === 'top_up' ? 1 : -1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = CashMovementBodySchema.safeParse({
      driver_id: driver.driver_id,
      amount: parsed.ok ? parsed.bani : undefined,
      note: note.trim() || null,
    });
    const found = body.success ? {} : zodFieldErrors(body.error);
    if (!parsed.ok) found.amount = [parsed.error];
    setErrors(found);
    if (!body.success || Object.keys(found).length > 0) return;
    save.mutate(
      { body: body.data, key },
      {
        onSuccess: () => {
          toastSuccess('Salvat cu succes!');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 422)) setErrors(error.fieldErrors);
          else toastApiError(error);
        },
      },
    );
  };

  const others = Object.entries(errors)
    .filter(([field]) => !SHOWN_FIELDS.includes(field))
    .flatMap(([, messages]) => messages);

  return (
    <Modal
      opened
      onClose={onClose}
      size="sm"
      title={`${TITLES[kind]} · ${ledgerDriverLabel(driver)}`}
      data-testid="cash-movement-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="lg">
            <Text size="sm">
              Sold: <BalanceText bani={driver.balance} fw={600} />
            </Text>
            {parsed.ok && parsed.bani > 0 && (
              <Text size="sm" c="dimmed" data-testid="cash-movement-after">
                după: <BalanceText bani={driver.balance + sign * parsed.bani} />
              </Text>
            )}
          </Group>
          {others.length > 0 && (
            <Alert color="red" variant="light" p="xs">
              {others.join(' ')}
            </Alert>
          )}
          <TextInput
            label="Sumă"
            required
            autoFocus
            data-autofocus
            inputMode="decimal"
            placeholder="0,00"
            rightSection={
              <Text size="xs" c="dimmed">
                RON
              </Text>
            }
            rightSectionWidth={36}
            value={amount}
            error={firstError(errors, 'amount')}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setErrors(({ amount: _dropped, ...rest }) => rest);
            }}
            data-testid="cash-movement-amount"
          />
          <TextInput
            label="Notă"
            maxLength={200}
            value={note}
            error={firstError(errors, 'note')}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setErrors(({ note: _dropped, ...rest }) => rest);
            }}
            data-testid="cash-movement-note"
          />
          <ModalActions
            onCancel={onClose}
            submit={{
              label: 'Înregistrează',
              testId: 'cash-movement-submit',
              loading: save.isPending,
            }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
