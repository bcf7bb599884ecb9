import { Modal } from '@mantine/core';
import { IncidentForm } from './IncidentsPanel';

/**
 * The order screen's 'Raportează incident' (docs/ADMINISTRATION.md "Dashboard"): an incident on
 * this order, which the dashboard's 'Incidente' panel then lists until it is resolved.
 */
export function ReportIncidentModal({
  orderId,
  onClose,
}: {
  orderId: number | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={orderId !== null} onClose={onClose} title="Raportează incident" size="md">
      {orderId !== null && <IncidentForm orderId={orderId} onDone={onClose} />}
    </Modal>
  );
}
