import type { Order } from '@common/orders/orders.schema';
import type { MapCenter } from '../../../map/company-center';
import { BlockPhoneModal } from '../../blocked-phones';
import { ClientHistoryModal } from '../../clients';
import { ReportIncidentModal } from '../../dashboard';
import { ManualAddressModal } from '../../places';
import { ManualAssignModal } from '../actions/ManualAssignModal';
import { NotifyDriversModal } from '../actions/NotifyDriversModal';
import type { OrderActions } from '../actions/use-order-actions';
import { OrderHistoryModal } from '../panel/OrderHistoryModal';
import type { OrderDraftState } from './use-order-draft';

/** The order form's open modal, if any; a manual address is entered for one place (its key). */
export type OrderFormModal =
  | null
  | 'assign'
  | 'notify'
  | 'block'
  | 'history'
  | 'client'
  | 'incident'
  | { manual: string };

interface OrderFormModalsProps {
  modal: OrderFormModal;
  onClose: () => void;
  form: OrderDraftState;
  order: Order | null;
  clientId: number | null;
  center: MapCenter;
  driverLabel: string;
  assignDriver: OrderActions['assignDriver'];
  notifyDrivers: OrderActions['notifyDrivers'];
}

/**
 * The order screen's modals: manual assignment, notifying selected drivers, blocking the phone, the processing
 * history, the client's history and a manual address; an incident report. One is
 * open at a time.
 */
export function OrderFormModals({
  modal,
  onClose,
  form,
  order,
  clientId,
  center,
  driverLabel,
  assignDriver,
  notifyDrivers,
}: OrderFormModalsProps) {
  return (
    <>
      {order && (
        <>
          <ManualAssignModal
            orderId={modal === 'assign' ? order.id : null}
            driverLabel={driverLabel}
            submitting={assignDriver.isPending}
            onClose={onClose}
            onSubmit={(id, driverId) => assignDriver.mutateAsync({ id, driverId })}
          />
          <NotifyDriversModal
            orderId={modal === 'notify' ? order.id : null}
            driverLabel={driverLabel}
            submitting={notifyDrivers.isPending}
            onClose={onClose}
            onSubmit={(id, driverIds) => notifyDrivers.mutateAsync({ id, driverIds })}
          />
          <BlockPhoneModal phone={modal === 'block' ? order.phone : null} onClose={onClose} />
          <OrderHistoryModal orderId={modal === 'history' ? order.id : null} onClose={onClose} />
          <ReportIncidentModal orderId={modal === 'incident' ? order.id : null} onClose={onClose} />
        </>
      )}
      <ClientHistoryModal
        clientId={modal === 'client' ? clientId : null}
        onClose={onClose}
        onUseAddress={form.editable ? form.fillFromSavedAddress : undefined}
      />
      {typeof modal === 'object' && modal !== null && (
        <ManualAddressModal
          opened
          initialName={form.draft.places.find((p) => p.key === modal.manual)?.name ?? ''}
          center={center}
          onClose={onClose}
          onSaved={(details) => form.setPlaceDetails(modal.manual, details)}
        />
      )}
    </>
  );
}
