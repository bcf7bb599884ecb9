import { SELECT_DRIVERS } from '@common/orders/orders.schema';
import type { User } from '@common/users/users.schema';
import { Pill } from '@mantine/core';
import { useState } from 'react';
import { DriverPickerModal, driverLabel } from '../../drivers';

interface NotifyDriversModalProps {
  orderId: number | null;
  driverLabel: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (orderId: number, driverIds: number[]) => Promise<unknown>;
}

/**
 * The order screen's 'notify selected drivers': pick drivers one by one (call sign and Enter
 * picks the single match), then the order is searched for again among them only. None picked
 * → 'Vă rugăm să selectați soferi'.
 */
export function NotifyDriversModal({
  orderId,
  driverLabel: noun,
  submitting,
  onClose,
  onSubmit,
}: NotifyDriversModalProps) {
  const [chosen, setChosen] = useState<User[]>([]);

  const add = (driver: User | null) => {
    if (!driver) return;
    setChosen((current) =>
      current.some((d) => d.id === driver.id) ? current : [...current, driver],
    );
  };

  return (
    <DriverPickerModal
      opened={orderId !== null}
      title={`Notifică ${noun.toLowerCase()}i aleși · comanda #${orderId ?? ''}`}
      hint="Comanda le va fi oferită doar lor, acum, într-o căutare nouă."
      field={{ label: `Adaugă ${noun.toLowerCase()}`, value: null, onPick: (_id, d) => add(d) }}
      submitLabel="Notifică"
      submitting={submitting}
      check={() => (chosen.length === 0 ? SELECT_DRIVERS : null)}
      onSubmit={async () => {
        if (orderId !== null)
          await onSubmit(
            orderId,
            chosen.map((d) => d.id),
          );
      }}
      onClose={() => {
        setChosen([]);
        onClose();
      }}
      testIds={{
        modal: 'notify-drivers-modal',
        field: 'notify-drivers-select',
        submit: 'notify-drivers-submit',
      }}
    >
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
    </DriverPickerModal>
  );
}
