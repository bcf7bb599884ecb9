import { markRead } from '@common/messages/messages.api';
import type { MarkRead } from '@common/messages/messages.schema';
import { api } from '../../lib/api-client';
import { getSocket } from '../../lib/socket';

/**
 * He read what the interlocutor sent him: over the socket when it is up, else over REST (the
 * same rule on the server). The answer's count is not used: message_status refetches it.
 */
export function sendRead(payload: MarkRead): void {
  const socket = getSocket();
  if (socket?.connected) {
    socket.emit('messageRead', payload);
    return;
  }
  api(markRead, { body: payload }).catch(() => undefined); // the next open marks it again
}

/**
 * This device received what the interlocutor sent (the sender's ✓✓). Socket only: a console
 * without a socket got the message over REST, which the server counts as delivered.
 */
export function sendDelivered(payload: MarkRead): void {
  const socket = getSocket();
  if (socket?.connected) socket.emit('messageDelivered', payload);
}
