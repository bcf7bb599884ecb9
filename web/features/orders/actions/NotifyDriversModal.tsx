import { SELECT_DRIVERS } from '@common/orders/orders.schema';
import type { User } from '@common/users/users.schema';
import { Button, Group, Modal, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DriverSelect, driverLabel } from '../../drivers/DriverSelect';

interface NotifyDriversModalProps {
  orderId: number | null;
  driverLabel: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (orderId: number, driverIds: number[]) => Promise<unknown>;
}

/**
 * SPEC §2 order screen 'notify selected drivers' (issue #18): pick drivers one by one (call
 * sign and Enter picks the single match), then the order is searched for again among them only.
 * None picked → SPEC §8 'Vă rugăm să selectați soferi'.
 */
export function NotifyDriversModal({
  orderId,
  driverLabel: noun,
  submitting,
  onClose,
  onSubmit,
}: NotifyDriversModalProps) {
  const [chosen, setChosen] = useState<User[]>([]);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setChosen([]);
    setError(null);
    onClose();
  };

  const add = (driver: User | null) => {
    if (!driver) return;
    setError(null);
    setChosen((current) =>
      current.some((d) => d.id === driver.id) ? current : [...current, driver],
    );
  };

  const submit = async () => {
    if (orderId === null) return;
    if (chosen.length === 0) {
      setError(SELECT_DRIVERS);
      return;
    }
    try {
      await onSubmit(
        orderId,
        chosen.map((d) => d.id),
      );
      close();
    } catch {
      // The toast said why; the modal stays open with the choice.
    }
  };

  return (
    <Modal
      opened={orderId !== null}
      onClose={close}
      title={`Notifică ${noun.toLowerCase()}i aleși · comanda #${orderId ?? ''}`}
      data-testid="notify-drivers-modal"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Comanda le va fi oferită doar lor, acum, într-o căutare nouă.
        </Text>
        <DriverSelect
          label={`Adaugă ${noun.toLowerCase()}`}
          value={null}
          error={error}
          autoFocus
          testId="notify-drivers-select"
          onChange={(_id, driver) => add(driver)}
        />
        {chosen.length > 0 && (
          <Pill.Group data-testid="notify-drivers-chosen">
            {chosen.map((driver) => (
              <Pill
                key={driver.id}
                withRemoveButton
                onRemove={() => setChosen((current) => current.filter((d) => d.id !== driver.id))}
              >
                {driverLabel(driver)}
              </Pill>
            ))}
          </Pill.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Renunță
          </Button>
          <Button
            loading={submitting}
            onClick={() => void submit()}
            data-testid="notify-drivers-submit"
          >
            Notifică
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
