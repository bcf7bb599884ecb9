import type { Message } from '@common/messages/messages.schema';
import type { MessageReceivedPayload, MessageStatusPayload } from '@common/realtime/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../lib/use-socket-event';
import { sendDelivered } from './message-acks';
import { type WindowData, withMessage, withStatus } from './message-cache';
import { messageKeys } from './message-keys';

/** The open windows with this interlocutor (one opened without a company matches any). */
function updateWindows(
  queryClient: QueryClient,
  interlocutorId: number,
  companyId: number,
  change: (data: WindowData | undefined) => WindowData | undefined,
) {
  queryClient.setQueriesData<WindowData>(
    {
      queryKey: messageKeys.windows,
      predicate: ({ queryKey }) =>
        queryKey[2] === interlocutorId && (queryKey[3] === null || queryKey[3] === companyId),
    },
    change,
  );
}

const isCopy = (payload: MessageReceivedPayload): payload is Message =>
  payload.id !== null && payload.user_id !== null;

/**
 * The socket's messages into the caches: the count, the list and the open windows. Anything
 * missed is read again after a reconnect (RealtimeBridge refetches every query) and by the
 * count's poll.
 */
export function useMessageEvents(meId: number | null) {
  const queryClient = useQueryClient();
  const listChanged = () =>
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });

  useSocketEvent(meId === null ? null : 'message received', (payload) => {
    listChanged();
    // A message to all drivers or clients has no copy here: the list read above is enough.
    if (!isCopy(payload)) return;
    if (payload.user_id === meId && payload.sender_id !== meId) {
      queryClient.setQueryData<{ count: number }>(messageKeys.unread, (old) =>
        old ? { count: old.count + 1 } : old,
      );
      sendDelivered({ interlocutor_id: payload.sender_id, company_id: payload.company_id });
      updateWindows(queryClient, payload.sender_id, payload.company_id, (data) =>
        withMessage(data, payload),
      );
    } else if (payload.sender_id === meId) {
      // Sent from another tab of his.
      updateWindows(queryClient, payload.user_id, payload.company_id, (data) =>
        withMessage(data, payload),
      );
    }
  });

  useSocketEvent(meId === null ? null : 'message_status', (status: MessageStatusPayload) => {
    if (status.sender_id === meId) {
      updateWindows(queryClient, status.user_id, status.company_id, (data) =>
        withStatus(data, status),
      );
    }
    if (status.user_id === meId) {
      // He read them here or in another tab: the count and the badges follow.
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      listChanged();
    }
  });

  useSocketEvent(meId === null ? null : 'messages_broadcast', listChanged);
}
