import { Modal } from '@mantine/core';
import { OrderHistoryList } from './OrderHistoryList';

/** Processing history modal of the order screen. */
export function OrderHistoryModal({
  orderId,
  onClose,
}: {
  orderId: number | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      title={`Istoric procesare · comanda #${orderId ?? ''}`}
      size="lg"
      data-testid="order-history-modal"
    >
      {orderId !== null && <OrderHistoryList orderId={orderId} />}
    </Modal>
  );
}
