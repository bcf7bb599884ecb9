import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DriverSelect } from '../../drivers/DriverSelect';
import { ORDER_MESSAGES } from '../messages';

interface ManualAssignModalProps {
  orderId: number | null;
  driverLabel: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (orderId: number, driverId: number) => Promise<unknown>;
}

/**
 * SPEC §2/§4 manual driver assignment: pick a driver, PATCH set-driver-and-finish (the order
 * is finished with that driver; toast 'Comanda finalizata'). No driver → 'Please select driver'.
 */
export function ManualAssignModal({
  orderId,
  driverLabel,
  submitting,
  onClose,
  onSubmit,
}: ManualAssignModalProps) {
  const [driverId, setDriverId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setDriverId(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (orderId === null) return;
    if (driverId === null) {
      setError(ORDER_MESSAGES.selectDriver);
      return;
    }
    try {
      await onSubmit(orderId, driverId);
      close();
    } catch {
      // The toast said why; the modal stays open.
    }
  };

  return (
    <Modal
      opened={orderId !== null}
      onClose={close}
      title={`Alocare manuală · comanda #${orderId ?? ''}`}
      data-testid="manual-assign-modal"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Comanda va fi finalizată cu {driverLabel.toLowerCase()}ul ales.
        </Text>
        <DriverSelect
          label={driverLabel}
          value={driverId}
          error={error}
          autoFocus
          testId="manual-assign-driver"
          onChange={(id) => {
            setDriverId(id);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Renunță
          </Button>
          <Button
            loading={submitting}
            onClick={() => void submit()}
            data-testid="manual-assign-submit"
          >
            Alocă și finalizează
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
