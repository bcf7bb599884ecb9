import { AcceptOrderBodySchema, OrderIdBodySchema } from '@common/dispatch/dispatch.schema';
import type { DriverAnswerAck } from '@common/realtime/events';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../http/auth-context';
import { fieldErrorsOf, INVALID_PAYLOAD, refusalOf } from '../../realtime/socket-refusals';
import type { DispatchEngine } from './engine/dispatch-engine';

export type DriverAnswerEvent = 'accept_order' | 'refuse_order' | 'order_viewed';

/**
 * A driver's answers on his socket (docs/DRIVER-API.md): the same as POST /accept-order and
 * /refuse-order, and the order_viewed event. The driver is the socket's user; a bad payload or a
 * refusal is answered in the acknowledgement, never with an internal error.
 */
export function createDriverAnswers(engine: DispatchEngine, log: FastifyBaseLogger) {
  return async function answer(
    auth: AuthContext,
    event: DriverAnswerEvent,
    payload: unknown,
  ): Promise<DriverAnswerAck> {
    try {
      if (event === 'accept_order') {
        const body = AcceptOrderBodySchema.safeParse(payload ?? {});
        if (!body.success)
          return { ok: false, message: INVALID_PAYLOAD, errors: fieldErrorsOf(body.error) };
        await engine.accept(auth, body.data);
        return { ok: true };
      }
      const body = OrderIdBodySchema.safeParse(payload ?? {});
      if (!body.success)
        return { ok: false, message: INVALID_PAYLOAD, errors: fieldErrorsOf(body.error) };
      if (event === 'refuse_order') await engine.refuse(auth, body.data.orderId);
      else await engine.viewed(auth, body.data.orderId);
      return { ok: true };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      log.error({ err: error, userId: auth.userId, event }, 'a driver answer failed');
      return { ok: false, message: 'Răspunsul nu a putut fi înregistrat. Încercați din nou.' };
    }
  };
}
