import { z } from 'zod';
import { id, requiredText, text } from '../http/fields';

/**
 * Messages between a company's console users and its drivers and clients. A conversation is
 * two people within one company: a driver of two companies has each company's apart.
 */

/** One to one ('chat'), or a copy of a message to all the company's drivers or clients. */
export const MESSAGE_TYPES = ['chat', 'drivers', 'clients'] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const BROADCAST_AUDIENCES = ['drivers', 'clients'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** The longest message, in characters (a driver reads it on a phone). */
export const MESSAGE_MAX_LENGTH = 2000;
export const EMPTY_MESSAGE = 'Mesajul nu poate fi gol.';
/** A conversation's page, newest first; older pages load as the window scrolls up. */
export const MESSAGES_PER_PAGE = 30;

export const MessageSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  sender_id: z.number().int(),
  /** The recipient. */
  user_id: z.number().int(),
  title: z.string().nullable(),
  message: z.string(),
  type: MessageTypeSchema,
  /** The order the message is about (written from its screen): a link back to it. */
  order_id: z.number().int().nullable(),
  /** Set on each recipient's copy of a message to all drivers or all clients. */
  broadcast_id: z.number().int().nullable(),
  is_read: z.boolean(),
  /** When a device of the recipient received it (UTC); null: not yet. */
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A conversation in the list: the other person, the last message and what is unread. */
export const ConversationSchema = z.object({
  interlocutor_id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  /** The driver's call sign. */
  identifier: z.string().nullable(),
  /** 'driver', 'client' or 'dispatch' (a console user): how the list marks him. */
  kind: z.enum(['driver', 'client', 'dispatch']),
  last_message_at: z.string(),
  /** The last message's text, cut for the list. */
  last_message: z.string(),
  /** Whether the last message is the caller's own. */
  last_message_mine: z.boolean(),
  has_unread: z.boolean(),
  unread_count: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Someone the caller may start a conversation with (the new-conversation search). */
export const RecipientSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  identifier: z.string().nullable(),
  kind: z.enum(['driver', 'client', 'dispatch']),
});
export type Recipient = z.infer<typeof RecipientSchema>;

/** A message to all the company's drivers or clients, recorded once. */
export const BroadcastSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  sender_id: z.number().int(),
  audience: z.enum(BROADCAST_AUDIENCES),
  message: z.string(),
  /** How many received a copy. */
  recipients: z.number().int(),
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;

const messageText = requiredText(MESSAGE_MAX_LENGTH, EMPTY_MESSAGE);
/** Which of the caller's companies; needed only when he belongs to more than one. */
const companyField = id().optional();

export const SendToUserBodySchema = z.strictObject({
  user_id: id(),
  title: text(120).nullish(),
  message: messageText,
  type: z.literal('chat').optional(),
  company_id: companyField,
  order_id: id().nullish(),
});

export const BroadcastBodySchema = z.strictObject({
  message: messageText,
  company_id: companyField,
});

/** Marks read what the interlocutor sent the caller (REST, and the socket's messageRead). */
export const MarkReadBodySchema = z.strictObject({
  interlocutor_id: id(),
  company_id: companyField,
});
export type MarkRead = z.infer<typeof MarkReadBodySchema>;
