import type { User } from '@common/users/users.schema';
import { Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ModalActions } from '../../components/ModalActions';
import { CandidateList } from './CandidateList';
import { DriverSelect } from './DriverSelect';

export interface DriverPickerModalProps {
  opened: boolean;
  title: string;
  /** One dimmed line on what the choice will do. */
  hint: string;
  /**
   * The driver search field: its label, the driver shown in it, and what a pick does (`driver`
   * is null when the field lists an order's candidates).
   */
  field: {
    label: string;
    value: number | null;
    onPick: (driverId: number | null, driver: User | null) => void;
  };
  /** Lists this order's drivers, nearest free first, instead of a search over every driver. */
  candidatesOf?: number;
  /** Under the field, e.g. the drivers picked so far. */
  children?: ReactNode;
  submitLabel: string;
  submitting: boolean;
  /** Why the choice cannot be sent yet (shown under the field), or null when it can. */
  check: () => string | null;
  /** Sends the choice: the modal closes once it resolves and stays open if it rejects. */
  onSubmit: () => Promise<unknown>;
  /** Called whenever the modal closes; the caller forgets its choice here. */
  onClose: () => void;
  testIds: { modal: string; field: string; submit: string };
}

/**
 * A modal that picks one or more drivers (searched by call sign or name, or among the order's
 * candidates) for an order, with 'Renunță' and a submit. Picking clears the message of a refused
 * submit.
 */
export function DriverPickerModal({
  opened,
  title,
  hint,
  field,
  candidatesOf,
  children,
  submitLabel,
  submitting,
  check,
  onSubmit,
  onClose,
  testIds,
}: DriverPickerModalProps) {
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async () => {
    const refused = check();
    if (refused) {
      setError(refused);
      return;
    }
    try {
      await onSubmit();
      close();
    } catch {
      // The request's toast said why; the modal stays open with the choice.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={candidatesOf === undefined ? 'md' : 'lg'}
      data-testid={testIds.modal}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {candidatesOf === undefined ? (
          <DriverSelect
            label={field.label}
            value={field.value}
            error={error}
            autoFocus
            testId={testIds.field}
            onChange={(driverId, driver) => {
              setError(null);
              field.onPick(driverId, driver);
            }}
          />
        ) : (
          <CandidateList
            orderId={candidatesOf}
            label={field.label}
            value={field.value}
            error={error}
            testId={testIds.field}
            onPick={(driverId) => {
              setError(null);
              field.onPick(driverId, null);
            }}
            onConfirm={() => void submit()}
          />
        )}
        {children}
        <ModalActions
          onCancel={close}
          submit={{
            label: submitLabel,
            testId: testIds.submit,
            loading: submitting,
            onClick: () => void submit(),
          }}
        />
      </Stack>
    </Modal>
  );
}
