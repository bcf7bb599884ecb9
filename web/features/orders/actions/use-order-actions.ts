import {
  cancelOrder,
  duplicateOrder,
  moveOrderToPending,
  notifyDrivers as notifyDriversEndpoint,
  removeAlwaysInCall,
  retryOrder,
  setDriverAndFinish,
  updateOrder,
  updateOrderName,
  updateOrderPlace,
} from '@common/orders/orders.api';
import type {
  CancelOrderBody,
  Order,
  OrderPlaceInput,
  PaymentType,
} from '@common/orders/orders.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { applyOrderUpdate, invalidateOrderLists } from '../../../lib/orders/order-cache';
import { toastApiError, toastError, toastSuccess } from '../../../lib/toast';
import { ORDER_MESSAGES } from '../messages';

/**
 * One order change: a server call first (no optimistic change: the server enforces
 * the rules and answers 409 with its message, shown as an error toast), then the answer written
 * into the cache and the success toast. `failed` replaces the server's messages with one
 * text.
 */
function useOrderChange<Vars>(call: (vars: Vars) => Promise<Order>, done: string, failed?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // applyOrderUpdate refetches the order's history too (every change adds an entry).
    onSuccess: (order) => {
      applyOrderUpdate(queryClient, order);
      toastSuccess(done);
    },
    onError: (error) => (failed === undefined ? toastApiError(error) : toastError(failed)),
  });
}

/** The order's actions, each an order change but the duplicate, a new order. */
export function useOrderActions() {
  const queryClient = useQueryClient();

  const cancel = useOrderChange(
    ({ id, reason }: { id: number; reason: CancelOrderBody }) =>
      api(cancelOrder, { params: { id }, body: reason }),
    ORDER_MESSAGES.canceled,
  );

  const retry = useOrderChange(
    (id: number) => api(retryOrder, { params: { id } }),
    ORDER_MESSAGES.retried,
  );

  const moveToPending = useOrderChange(
    (id: number) => api(moveOrderToPending, { params: { id } }),
    ORDER_MESSAGES.movedToPending,
  );

  const removeFromCall = useOrderChange(
    (id: number) => api(removeAlwaysInCall, { params: { id } }),
    ORDER_MESSAGES.removedFromCall,
  );

  const assignDriver = useOrderChange(
    ({ id, driverId }: { id: number; driverId: number | null }) => {
      if (driverId === null) return Promise.reject(new Error(ORDER_MESSAGES.selectDriver));
      return api(setDriverAndFinish, { params: { id }, body: { driverId } });
    },
    ORDER_MESSAGES.finished,
  );

  // 'notify selected drivers'.
  const notifyDrivers = useOrderChange(
    ({ id, driverIds }: { id: number; driverIds: number[] }) =>
      api(notifyDriversEndpoint, { params: { id }, body: { driver_ids: driverIds } }),
    ORDER_MESSAGES.driversNotified,
  );

  // One key per duplicate click, reused if the same click's request is retried.
  const duplicate = useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      apiWith(duplicateOrder, { headers: { 'Idempotency-Key': key } }, { params: { id } }),
    onSuccess: () => {
      invalidateOrderLists(queryClient);
      toastSuccess(ORDER_MESSAGES.duplicated);
    },
    onError: (error) => toastApiError(error),
  });

  const updateName = useOrderChange(
    ({ id, name, about }: { id: number; name: string | null; about?: string | null }) =>
      api(updateOrderName, { params: { id }, body: { name, about } }),
    ORDER_MESSAGES.nameUpdated,
  );

  const updateComment = useOrderChange(
    ({ id, comment }: { id: number; comment: string | null }) =>
      api(updateOrder, { params: { id }, body: { comment } }),
    ORDER_MESSAGES.commentUpdated,
    ORDER_MESSAGES.commentNotUpdated,
  );

  /**
   * 'Payment type toggles between cash and protocol': still open once the order is
   * placed (EDITABLE_AFTER_PLACING), saved as soon as it is toggled or its company chosen.
   */
  const updatePayment = useOrderChange(
    ({
      id,
      payment_type,
      protocol_company_id,
    }: {
      id: number;
      payment_type: PaymentType;
      protocol_company_id: number | null;
    }) => api(updateOrder, { params: { id }, body: { payment_type, protocol_company_id } }),
    ORDER_MESSAGES.paymentUpdated,
  );

  const updatePlace = useOrderChange(
    ({ id, placeId, place }: { id: number; placeId: number; place: OrderPlaceInput }) =>
      api(updateOrderPlace, { params: { id, placeId }, body: place }),
    ORDER_MESSAGES.addressUpdated,
    ORDER_MESSAGES.addressInvalid,
  );

  return {
    cancel,
    retry,
    moveToPending,
    removeFromCall,
    assignDriver,
    notifyDrivers,
    duplicate,
    updateName,
    updateComment,
    updatePayment,
    updatePlace,
    newDuplicateKey: newIdempotencyKey,
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
