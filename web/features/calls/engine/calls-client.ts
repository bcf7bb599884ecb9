import {
  acceptCall,
  cancelCall,
  getSipSettings,
  handleMissedCall,
  holdCall,
  unholdCall,
} from '@common/calls/calls.api';
import {
  type CancelCallBody,
  type SipSettings,
  SipSettingsSchema,
} from '@common/calls/calls.schema';
import type { Order } from '@common/orders/orders.schema';
import { api, isApiError } from '../../../lib/api-client';

/** The server side of the softphone (Calls and ours, common/calls/calls.api.ts). */
export interface CallsClient {
  sipSettings(): Promise<SipSettings>;
  accept(phone: string, sipCallId: string): Promise<Order>;
  hold(orderId: number): Promise<Order>;
  unhold(orderId: number): Promise<Order>;
  /** The call ended; retried a few times when the answer may not have arrived. */
  cancel(body: CancelCallBody): Promise<Order>;
  missedHandled(id: number): Promise<unknown>;
}

/** Network errors and 5xx may be retried; an answer (4xx) is final. */
const mayRetry = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A failed cancel leaves the order "in call" with a call that no longer exists, so it is tried
 * again (1 s, 2 s, 4 s); the server logs a refused one (docs/CALLS.md).
 */
export async function withRetry<T>(
  run: () => Promise<T>,
  delaysMs: readonly number[] = [1000, 2000, 4000],
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !mayRetry(error)) throw error;
      await wait(delay);
    }
  }
}

export const httpCallsClient: CallsClient = {
  // Checked: a proxy's empty or odd answer must read as a failure, not start a broken UA.
  sipSettings: async () => {
    const parsed = SipSettingsSchema.safeParse(await api(getSipSettings));
    if (!parsed.success) throw new Error('Răspuns neașteptat de la server.');
    return parsed.data;
  },
  accept: (phone, sipCallId) =>
    api(acceptCall, { body: { phone_number: phone, sip_caller_id: sipCallId } }),
  hold: (orderId) => api(holdCall, { params: { orderId } }),
  unhold: (orderId) => api(unholdCall, { params: { orderId } }),
  cancel: (body) => withRetry(() => api(cancelCall, { body })),
  missedHandled: (id) => api(handleMissedCall, { params: { id } }),
};
