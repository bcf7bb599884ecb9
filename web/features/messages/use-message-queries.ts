import {
  listConversations,
  listMessages,
  searchRecipients,
  unreadCount,
} from '@common/messages/messages.api';
import { MESSAGES_PER_PAGE } from '@common/messages/messages.schema';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import type { MessagePage } from './message-cache';
import { messageKeys } from './message-keys';

/**
 * The count is polled: a socket message lost between nodes or while offline is caught up
 * within this time (the reconnect reads it at once).
 */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async ({ signal }) => {
      const answer = await apiWith(unreadCount, { signal });
      // The cache holds what the pushes made of it: a server that counts otherwise means a push
      // was missed (or a read elsewhere), so the list and the open window are read again too.
      const shown = queryClient.getQueryData<typeof answer>(messageKeys.unread);
      if (shown !== undefined && shown.count !== answer.count) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: messageKeys.windows });
      }
      return answer;
    },
    enabled,
    refetchInterval: UNREAD_POLL_MS,
  });
}

/** The caller's conversations, the newest first (as the server sorts them). */
export function useConversations(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => apiWith(listConversations, { signal }),
    enabled,
  });
}

/**
 * One conversation: the newest page first, then older pages before the oldest id shown (ids,
 * not page numbers, so messages arriving meanwhile do not shift the pages).
 */
export function useConversationWindow(interlocutorId: number, companyId: number | undefined) {
  return useInfiniteQuery({
    queryKey: messageKeys.window(interlocutorId, companyId),
    queryFn: ({ signal, pageParam }): Promise<MessagePage> =>
      apiWith(
        listMessages,
        { signal },
        {
          query: {
            interlocutor_id: interlocutorId,
            company_id: companyId,
            before_id: pageParam,
            per_page: MESSAGES_PER_PAGE,
          },
        },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.has_more && last.data.length > 0 ? Math.min(...last.data.map((m) => m.id)) : undefined,
  });
}

export const RECIPIENT_SEARCH_DEBOUNCE_MS = 500;

/** The people the caller may write to, matching `search` (already debounced and trimmed). */
export function useRecipients(search: string) {
  return useQuery({
    queryKey: messageKeys.recipients(search),
    queryFn: ({ signal }) => apiWith(searchRecipients, { signal }, { query: { search } }),
    enabled: search !== '',
    staleTime: 30_000,
  });
}
