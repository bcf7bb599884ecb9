import {
  listConversations,
  listMessages,
  markRead,
  searchRecipients,
  sendToAllClients,
  sendToAllDrivers,
  sendToUser,
  unreadCount,
} from '@common/messages/messages.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import type { MessagesService } from './messages.service';

/**
 * Everyone with an account writes and reads his own conversations (the service holds the one
 * rule of who may write to whom); messages to all are the console's.
 */
export function messagesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  messages: MessagesService,
) {
  const anyUser = { roles: 'any' } as const;
  route(app, authenticate, listConversations, anyUser, ({ auth, query }) =>
    messages.conversations(auth, query.company_id),
  );
  route(app, authenticate, listMessages, anyUser, ({ auth, query }) => messages.page(auth, query));
  route(app, authenticate, unreadCount, anyUser, ({ auth, query }) =>
    messages.unread(auth, query.company_id),
  );
  route(app, authenticate, searchRecipients, anyUser, ({ auth, query }) =>
    messages.recipients(auth, query.search, query.company_id),
  );
  route(app, authenticate, sendToUser, anyUser, ({ auth, body, request }) =>
    messages.send(auth, body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, sendToAllDrivers, { roles: CONSOLE_ROLES }, ({ auth, body, request }) =>
    messages.broadcast(auth, 'drivers', body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, sendToAllClients, { roles: CONSOLE_ROLES }, ({ auth, body, request }) =>
    messages.broadcast(auth, 'clients', body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, markRead, anyUser, ({ auth, body }) =>
    messages.mark(auth, 'read', body),
  );
}
