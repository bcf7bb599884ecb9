import type { CancelOrderBody } from '@common/orders/orders.schema';
import { modals } from '@mantine/modals';
import { ORDER_MESSAGES } from '../messages';
import { CancelReasonForm } from './CancelReasonForm';

/** Asks why before canceling an order (the confirmation, with its reason). */
export function askCancelReason(orderId: number, onConfirm: (reason: CancelOrderBody) => void) {
  const modalId = `cancel-order-${orderId}`;
  const close = () => modals.close(modalId);
  modals.open({
    modalId,
    title: ORDER_MESSAGES.confirmCancel,
    children: (
      <CancelReasonForm
        orderId={orderId}
        onClose={close}
        onSubmit={(reason) => {
          close();
          onConfirm(reason);
        }}
      />
    ),
  });
}
