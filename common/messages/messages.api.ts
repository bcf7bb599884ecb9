import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam, requiredText } from '../http/fields';
import { perPageQuery } from '../http/pagination';
import {
  BroadcastBodySchema,
  BroadcastSchema,
  ConversationSchema,
  MarkReadBodySchema,
  MESSAGES_PER_PAGE,
  MessageSchema,
  MessageTypeSchema,
  RecipientSchema,
  SendToUserBodySchema,
} from './messages.schema';

const companyQuery = { company_id: idParam().optional() };

/** The caller's conversations, the newest first. */
export const listConversations = defineEndpoint({
  method: 'GET',
  path: '/api/messages/self-interlocutors',
  query: z.strictObject(companyQuery),
  response: z.array(ConversationSchema),
});

/**
 * One conversation's messages, the newest first: `page` counts pages of `per_page`, or
 * `before_id` reads the page before a message (scrolling up while new ones arrive).
 * `receiver_id` is the original product's name for `interlocutor_id`.
 */
export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/api/messages/self',
  query: z.strictObject({
    ...companyQuery,
    interlocutor_id: idParam().optional(),
    receiver_id: idParam().optional(),
    type: MessageTypeSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: perPageQuery(MESSAGES_PER_PAGE),
    before_id: idParam().optional(),
  }),
  response: z.object({ data: z.array(MessageSchema), has_more: z.boolean() }),
  errors: [404],
});

/** What the caller has not read yet, in all his companies or one. */
export const unreadCount = defineEndpoint({
  method: 'GET',
  path: '/api/messages/unread-count',
  query: z.strictObject(companyQuery),
  response: z.object({ count: z.number().int() }),
});

/** The people the caller may write to, found by call sign, name or phone. */
export const searchRecipients = defineEndpoint({
  method: 'GET',
  path: '/api/messages/recipients',
  query: z.strictObject({
    ...companyQuery,
    search: requiredText(60, 'Introduceți un nume, un indicativ sau un telefon.'),
  }),
  response: z.array(RecipientSchema),
});

export const sendToUser = defineEndpoint({
  method: 'POST',
  path: '/api/messages/to-user',
  body: SendToUserBodySchema,
  response: MessageSchema,
  status: 201,
  // Not someone of the company the caller may write to; the order is not the company's.
  errors: [403, 404],
});

export const sendToAllDrivers = defineEndpoint({
  method: 'POST',
  path: '/api/messages/to-all-drivers',
  body: BroadcastBodySchema,
  response: BroadcastSchema,
  status: 201,
  // Not the company's console; too many messages to all in the last hour.
  errors: [403, 429],
});

export const sendToAllClients = defineEndpoint({
  method: 'POST',
  path: '/api/messages/to-all-clients',
  body: BroadcastBodySchema,
  response: BroadcastSchema,
  status: 201,
  errors: [403, 429],
});

/** Marks read what the interlocutor sent; answers what is still unread in all companies. */
export const markRead = defineEndpoint({
  method: 'POST',
  path: '/api/messages/read',
  body: MarkReadBodySchema,
  response: z.object({ count: z.number().int() }),
  errors: [404],
});
