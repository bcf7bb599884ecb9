import { createOrder, updateOrder } from '@common/orders/orders.api';
import type { CreateOrderBody, Order } from '@common/orders/orders.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, apiWith, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { applyOrderUpdate } from '../../../lib/orders/order-cache';

export interface PlaceOrderInput {
  body: CreateOrderBody;
  /** The departure time is "now" (it follows the clock), not one the operator chose. */
  followsClock: boolean;
}

/** Retrying is only safe for answers that may not have reached us: no answer, or a 5xx. */
const mayRetrySame = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * Places an order: POST /api/orders for a new one (id 0) or PATCH {…, place: true} for a saved
 * draft in state new (a duplicate). One Idempotency-Key per submission, sent again
 * when the same body is resubmitted after a lost answer, so a retry never creates a second order.
 */
export function usePlaceOrder(orderId: number) {
  const queryClient = useQueryClient();
  const pending = useRef<{ key: string; body: string } | null>(null);

  return useMutation({
    mutationFn: ({ body, followsClock }: PlaceOrderInput): Promise<Order> => {
      if (orderId > 0) return api(updateOrder, { params: { id: orderId }, body });
      // The same submission is the same contents; a departure "now" ticks and does not count.
      const text = JSON.stringify(followsClock ? { ...body, departure_time: undefined } : body);
      if (pending.current?.body !== text)
        pending.current = { key: newIdempotencyKey(), body: text };
      return apiWith(
        createOrder,
        { headers: { 'Idempotency-Key': pending.current.key } },
        { body },
      );
    },
    onSuccess: (order) => {
      pending.current = null;
      applyOrderUpdate(queryClient, order);
    },
    onError: (error) => {
      if (!mayRetrySame(error)) pending.current = null;
    },
  });
}
