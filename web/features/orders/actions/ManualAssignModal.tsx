import { useRef, useState } from 'react';
import { DriverPickerModal } from '../../drivers';
import { ORDER_MESSAGES } from '../messages';

interface ManualAssignModalProps {
  orderId: number | null;
  driverLabel: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (orderId: number, driverId: number) => Promise<unknown>;
}

/**
 * Manual driver assignment: pick one of the order's drivers (nearest free first, with state and
 * distance), and the order is finished with him (toast 'Comanda finalizata'). No driver →
 * 'Please select driver'.
 */
export function ManualAssignModal({
  orderId,
  driverLabel,
  submitting,
  onClose,
  onSubmit,
}: ManualAssignModalProps) {
  const [driverId, setDriverId] = useState<number | null>(null);
  // The list stays while the modal fades out after the order id went back to null.
  const listed = useRef(orderId);
  if (orderId !== null) listed.current = orderId;
  return (
    <DriverPickerModal
      opened={orderId !== null}
      title={`Alocare manuală · comanda #${orderId ?? ''}`}
      hint={`Comanda va fi finalizată cu ${driverLabel.toLowerCase()}ul ales.`}
      field={{ label: driverLabel, value: driverId, onPick: (id) => setDriverId(id) }}
      candidatesOf={listed.current ?? undefined}
      submitLabel="Alocă și finalizează"
      submitting={submitting}
      check={() => (driverId === null ? ORDER_MESSAGES.selectDriver : null)}
      onSubmit={async () => {
        if (orderId !== null && driverId !== null) await onSubmit(orderId, driverId);
      }}
      onClose={() => {
        setDriverId(null);
        onClose();
      }}
      testIds={{
        modal: 'manual-assign-modal',
        field: 'manual-assign-driver',
        submit: 'manual-assign-submit',
      }}
    />
  );
}
