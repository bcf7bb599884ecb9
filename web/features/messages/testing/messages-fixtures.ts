import type { Conversation, Message } from '@common/messages/messages.schema';

/** A message of company 1; the console user is 7 and the driver 41 unless told. */
export const buildMessage = (overrides: Partial<Message> = {}): Message => ({
  id: 1,
  company_id: 1,
  sender_id: 41,
  user_id: 7,
  title: null,
  message: 'Bună ziua',
  type: 'chat',
  order_id: null,
  broadcast_id: null,
  is_read: false,
  delivered_at: null,
  read_at: null,
  created_at: '2030-01-02 08:00:00',
  ...overrides,
});

export const buildConversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  interlocutor_id: 41,
  company_id: 1,
  name: 'Ion Popescu',
  phone: '+40740000101',
  email: 'sofer101@ogo.local',
  identifier: '101',
  kind: 'driver',
  last_message_at: '2030-01-02 08:00:00',
  last_message: 'Bună ziua',
  last_message_mine: false,
  has_unread: true,
  unread_count: 1,
  ...overrides,
});
