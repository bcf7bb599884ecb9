import {
  cancelOrder,
  duplicateOrder,
  moveOrderToPending,
  removeAlwaysInCall,
  retryOrder,
  setDriverAndFinish,
  updateOrder,
  updateOrderName,
  updateOrderPlace,
} from '@common/orders/orders.api';
import type { Order, OrderPlaceInput, PaymentType } from '@common/orders/orders.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { toastApiError, toastError, toastSuccess } from '../../../lib/toast';
import { applyOrderUpdate, invalidateOrderLists } from '../data/order-cache';
import { ORDER_MESSAGES } from '../messages';

/**
 * The order's actions (SPEC §4), each a server call first (no optimistic change: the server
 * enforces the rules and answers 409 with its message, shown as an error toast), then the
 * answer written into the cache and the SPEC §8 success toast.
 */
export function useOrderActions() {
  const queryClient = useQueryClient();
  // applyOrderUpdate refetches the order's history too (every change adds an entry).
  const written = (order: Order) => applyOrderUpdate(queryClient, order);

  const cancel = useMutation({
    mutationFn: (id: number) => api(cancelOrder, { params: { id }, body: {} }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.canceled);
    },
    onError: (error) => toastApiError(error),
  });

  const retry = useMutation({
    mutationFn: (id: number) => api(retryOrder, { params: { id } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.retried);
    },
    onError: (error) => toastApiError(error),
  });

  const moveToPending = useMutation({
    mutationFn: (id: number) => api(moveOrderToPending, { params: { id } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.movedToPending);
    },
    onError: (error) => toastApiError(error),
  });

  const removeFromCall = useMutation({
    mutationFn: (id: number) => api(removeAlwaysInCall, { params: { id } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.removedFromCall);
    },
    onError: (error) => toastApiError(error),
  });

  const assignDriver = useMutation({
    mutationFn: ({ id, driverId }: { id: number; driverId: number | null }) => {
      if (driverId === null) return Promise.reject(new Error(ORDER_MESSAGES.selectDriver));
      return api(setDriverAndFinish, { params: { id }, body: { driverId } });
    },
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.finished);
    },
    onError: (error) => toastApiError(error),
  });

  // One key per duplicate click, reused if the same click's request is retried (DESIGN §7).
  const duplicate = useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      apiWith(duplicateOrder, { headers: { 'Idempotency-Key': key } }, { params: { id } }),
    onSuccess: () => {
      invalidateOrderLists(queryClient);
      toastSuccess(ORDER_MESSAGES.duplicated);
    },
    onError: (error) => toastApiError(error),
  });

  const updateName = useMutation({
    mutationFn: ({ id, name, about }: { id: number; name: string | null; about?: string | null }) =>
      api(updateOrderName, { params: { id }, body: { name, about } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.nameUpdated);
    },
    onError: (error) => toastApiError(error),
  });

  const updateComment = useMutation({
    mutationFn: ({ id, comment }: { id: number; comment: string | null }) =>
      api(updateOrder, { params: { id }, body: { comment } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.commentUpdated);
    },
    onError: () => toastError(ORDER_MESSAGES.commentNotUpdated),
  });

  /**
   * SPEC §4 'Payment type toggles between cash and protocol': still open once the order is
   * placed (EDITABLE_AFTER_PLACING), saved as soon as it is toggled or its company chosen.
   */
  const updatePayment = useMutation({
    mutationFn: ({
      id,
      payment_type,
      protocol_company_id,
    }: {
      id: number;
      payment_type: PaymentType;
      protocol_company_id: number | null;
    }) => api(updateOrder, { params: { id }, body: { payment_type, protocol_company_id } }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.paymentUpdated);
    },
    onError: (error) => toastApiError(error),
  });

  const updatePlace = useMutation({
    mutationFn: ({ id, placeId, place }: { id: number; placeId: number; place: OrderPlaceInput }) =>
      api(updateOrderPlace, { params: { id, placeId }, body: place }),
    onSuccess: (order) => {
      written(order);
      toastSuccess(ORDER_MESSAGES.addressUpdated);
    },
    onError: () => toastError(ORDER_MESSAGES.addressInvalid),
  });

  return {
    cancel,
    retry,
    moveToPending,
    removeFromCall,
    assignDriver,
    duplicate,
    updateName,
    updateComment,
    updatePayment,
    updatePlace,
    newDuplicateKey: newIdempotencyKey,
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
