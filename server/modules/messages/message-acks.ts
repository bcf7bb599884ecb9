import { MarkReadBodySchema } from '@common/messages/messages.schema';
import type { MessageAck } from '@common/realtime/events';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../http/auth-context';
import { fieldErrorsOf, INVALID_PAYLOAD, refusalOf } from '../../realtime/socket-refusals';
import type { MessagesService } from './messages.service';

export type MessageStatusEvent = 'messageRead' | 'messageDelivered';

/**
 * messageRead and messageDelivered from any user's socket: the same as POST /api/messages/read
 * (and the delivery a REST read records). The answer is the user's unread count; a bad payload
 * or a refusal is answered in the acknowledgement, never with an internal error.
 */
export function createMessageAcks(messages: MessagesService, log: FastifyBaseLogger) {
  return async function acknowledge(
    auth: AuthContext,
    event: MessageStatusEvent,
    payload: unknown,
  ): Promise<MessageAck> {
    const body = MarkReadBodySchema.safeParse(payload ?? {});
    if (!body.success)
      return { ok: false, message: INVALID_PAYLOAD, errors: fieldErrorsOf(body.error) };
    try {
      const status = event === 'messageRead' ? 'read' : 'delivered';
      const { count } = await messages.mark(auth, status, body.data);
      return { ok: true, count };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      log.error({ err: error, userId: auth.userId, event }, 'marking messages failed');
      return { ok: false, message: 'Mesajele nu au putut fi marcate. Încercați din nou.' };
    }
  };
}
