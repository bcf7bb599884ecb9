import { can } from '@common/auth/page-access';
import { parseRon } from '@common/lib/money';
import {
  type DriverBalance,
  SAME_DRIVER,
  type Transfer,
  TransferBodySchema,
} from '@common/money/ledger.schema';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import {
  type FieldErrors,
  firstError,
  isApiError,
  zodFieldErrors,
} from '../../../lib/form/field-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { toastApiError, toastSuccess } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { ActingCompanySelect } from '../company';
import { DriverBalanceSelect } from './DriverBalanceSelect';
import { ledgerDriverLabel } from './driver-label';
import { BalanceText } from './MoneyText';
import { useTransfer } from './use-ledger';

const SHOWN_FIELDS = ['from_driver_id', 'to_driver_id', 'amount', 'note'];

/** A picked driver's balance now and after the amount moves. */
function BalanceLine({
  driver,
  delta,
  testId,
}: {
  driver: DriverBalance | null;
  delta: number | null;
  testId: string;
}) {
  if (!driver) return null;
  return (
    <Group gap="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        Sold: <BalanceText bani={driver.balance} size="xs" fw={600} />
      </Text>
      {delta !== null && (
        <Text size="xs" c="dimmed">
          după transfer:{' '}
          <BalanceText bani={driver.balance + delta} size="xs" testId={`${testId}-after`} />
        </Text>
      )}
    </Group>
  );
}

/** The balances a transfer left, from its two entries. */
function TransferResult({ transfer }: { transfer: Transfer }) {
  return (
    <Alert
      color="green"
      variant="light"
      p="xs"
      title="Transfer efectuat."
      data-testid="transfer-result"
    >
      {[transfer.out, transfer.in].map((entry) => (
        <Text size="sm" key={entry.id}>
          {ledgerDriverLabel({ indicativ: entry.indicativ, name: entry.driver_name })}: sold nou{' '}
          <BalanceText
            bani={entry.balance_after}
            fw={600}
            testId={`transfer-new-${entry.driver_id}`}
          />
        </Text>
      ))}
    </Alert>
  );
}

/**
 * /finances/transfer ('Transfer sold'): money from one driver of the company to another, both
 * entries in one transaction. Administrators transfer; the fleet console sees the form
 * disabled, as the server would refuse it.
 */
export function TransferScreen() {
  const editable = can(useCurrentUser(), 'administers');
  const [from, setFrom] = useState<DriverBalance | null>(null);
  const [to, setTo] = useState<DriverBalance | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<Transfer | null>(null);
  // One key per transfer: a retried click posts it once; the next transfer gets a new one.
  const key = useRef(newIdempotencyKey());
  const transfer = useTransfer();
  const parsed = parseRon(amount);
  const moved = parsed.ok && parsed.bani > 0 ? parsed.bani : null;

  const clear = (field: string) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = TransferBodySchema.safeParse({
      from_driver_id: from?.driver_id,
      to_driver_id: to?.driver_id,
      amount: parsed.ok ? parsed.bani : undefined,
      note: note.trim() || null,
    });
    const found = body.success ? {} : zodFieldErrors(body.error);
    if (!from) found.from_driver_id = ['Alegeți șoferul care trimite.'];
    if (!to) found.to_driver_id = ['Alegeți șoferul care primește.'];
    else if (from && from.driver_id === to.driver_id) found.to_driver_id = [SAME_DRIVER];
    if (!parsed.ok) found.amount = [parsed.error];
    setErrors(found);
    if (!body.success || Object.keys(found).length > 0) return;
    setDone(null);
    transfer.mutate(
      { body: body.data, key: key.current },
      {
        onSuccess: (result) => {
          key.current = newIdempotencyKey();
          toastSuccess('Transfer efectuat.');
          setDone(result);
          setFrom((d) => d && { ...d, balance: result.out.balance_after });
          setTo((d) => d && { ...d, balance: result.in.balance_after });
          setAmount('');
          setNote('');
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
    <Stack gap="md" maw={720} data-testid="transfer-page" data-editable={String(editable)}>
      <Stack gap={2}>
        <Group justify="space-between" gap="xs">
          <Title order={1} size="h3">
            Transfer sold
          </Title>
          <ActingCompanySelect />
        </Group>
        <Text size="xs" c="dimmed">
          Suma scade din soldul primului șofer și se adaugă la al celui de-al doilea.
        </Text>
        {!editable && (
          <Text size="xs" c="dimmed" data-testid="transfer-read-only">
            Doar administratorii firmei pot transfera sold.
          </Text>
        )}
      </Stack>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-label="Transfer sold" data-testid="transfer-form">
          <Stack gap="sm">
            {others.length > 0 && (
              <Alert color="red" variant="light" p="xs">
                {others.join(' ')}
              </Alert>
            )}
            <Group grow align="flex-start">
              <Stack gap={4}>
                <DriverBalanceSelect
                  label="De la șoferul"
                  value={from?.driver_id ?? null}
                  onChange={(_id, driver) => {
                    setFrom(driver);
                    clear('from_driver_id');
                    clear('to_driver_id');
                  }}
                  error={firstError(errors, 'from_driver_id')}
                  disabled={!editable}
                  testId="transfer-from"
                />
                <BalanceLine driver={from} delta={moved && -moved} testId="transfer-from-balance" />
              </Stack>
              <Stack gap={4}>
                <DriverBalanceSelect
                  label="Către șoferul"
                  value={to?.driver_id ?? null}
                  onChange={(_id, driver) => {
                    setTo(driver);
                    clear('to_driver_id');
                  }}
                  error={firstError(errors, 'to_driver_id')}
                  disabled={!editable}
                  testId="transfer-to"
                />
                <BalanceLine driver={to} delta={moved} testId="transfer-to-balance" />
              </Stack>
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label="Sumă"
                required
                inputMode="decimal"
                placeholder="0,00"
                rightSection={
                  <Text size="xs" c="dimmed">
                    RON
                  </Text>
                }
                rightSectionWidth={36}
                value={amount}
                disabled={!editable}
                error={firstError(errors, 'amount')}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  clear('amount');
                }}
                data-testid="transfer-amount"
              />
              <TextInput
                label="Notă"
                maxLength={200}
                value={note}
                disabled={!editable}
                error={firstError(errors, 'note')}
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                  clear('note');
                }}
                data-testid="transfer-note"
              />
            </Group>
            <Group justify="flex-end">
              <Button
                type="submit"
                disabled={!editable}
                loading={transfer.isPending}
                data-testid="transfer-submit"
              >
                Transferă
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {done && <TransferResult transfer={done} />}
    </Stack>
  );
}
