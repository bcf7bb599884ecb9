import type { Message } from '@common/messages/messages.schema';
import type { MessageStatusPayload } from '@common/realtime/events';
import type { InfiniteData } from '@tanstack/react-query';

/** One page of a conversation as GET /api/messages/self answers it: the newest first. */
export interface MessagePage {
  data: Message[];
  has_more: boolean;
}
export type WindowData = InfiniteData<MessagePage, unknown>;

/**
 * The window's messages, oldest first, each once: pages and pushed messages overlap (a push
 * lands in the first page, a refetch brings it again), so they are keyed by id.
 */
export function windowMessages(data: WindowData | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<number, Message>();
  for (const page of data.pages) for (const message of page.data) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A pushed or just sent message joins the newest page, unless it is there already. */
export function withMessage(
  data: WindowData | undefined,
  message: Message,
): WindowData | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  const newest: MessagePage = first
    ? { ...first, data: [message, ...first.data] }
    : { data: [message], has_more: false };
  return { ...data, pages: [newest, ...rest] };
}

/**
 * message_status: what `sender_id` wrote to `user_id` up to `up_to_id` was delivered or read.
 * Read implies delivered; a time already set is kept.
 */
export function withStatus(
  data: WindowData | undefined,
  status: MessageStatusPayload,
): WindowData | undefined {
  if (!data) return data;
  const patch = (m: Message): Message => {
    if (m.sender_id !== status.sender_id || m.user_id !== status.user_id) return m;
    if (m.id > status.up_to_id) return m;
    const delivered_at = m.delivered_at ?? status.at;
    const read_at = status.status === 'read' ? (m.read_at ?? status.at) : m.read_at;
    if (delivered_at === m.delivered_at && read_at === m.read_at) return m;
    return { ...m, delivered_at, read_at, is_read: read_at !== null };
  };
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })) };
}
