import type { LoggedUser } from '@common/auth/auth.schema';
import type { Message } from '@common/messages/messages.schema';
import { ActionIcon, Badge, Box, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Icon } from '../../components/Icon';
import type { ConversationTarget } from '../../lib/chat-launcher';
import { flavourOf, orderFormPath } from '../../lib/orders/flavour';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { sendRead } from './message-acks';
import { type WindowData, windowMessages, withMessage } from './message-cache';
import { messageKeys } from './message-keys';
import { messageDay } from './message-time';
import { useConversations, useConversationWindow } from './use-message-queries';

/** Scrolled this close to the top, the older page is read. */
const LOAD_OLDER_PX = 40;

interface ConversationWindowProps {
  target: ConversationTarget;
  me: LoggedUser;
  onBack: () => void;
  onDropOrder: () => void;
}

/**
 * One conversation: the oldest at the top, older pages as it scrolls up (the view stays on the
 * message it showed), new ones at the bottom. What the interlocutor sent is marked read while
 * it is shown.
 */
export function ConversationWindow({ target, me, onBack, onDropOrder }: ConversationWindowProps) {
  const queryClient = useQueryClient();
  const query = useConversationWindow(target.userId, target.companyId);
  const messages = useMemo(() => windowMessages(query.data), [query.data]);
  const listed = useConversations(true).data?.find(
    (c) =>
      c.interlocutor_id === target.userId &&
      (target.companyId === undefined || c.company_id === target.companyId),
  );
  const name = target.name ?? listed?.name ?? `#${target.userId}`;
  const callSign = target.callSign ?? listed?.identifier ?? null;
  const flavour = flavourOf(me);

  useMarkRead(messages, target.userId);
  const { viewport, onScroll } = useScrollKeeper(messages, me.id, query.isFetchingNextPage, () => {
    if (query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
      return true;
    }
    return false;
  });

  const sent = (message: Message) => {
    queryClient.setQueryData<WindowData>(
      messageKeys.window(target.userId, target.companyId),
      (data) => withMessage(data, message),
    );
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    if (target.orderId !== undefined) onDropOrder();
  };

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }} data-testid="chat-window">
      <Group
        gap={6}
        px={6}
        py={4}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={onBack}
          aria-label="Înapoi la conversații"
          data-testid="chat-back"
        >
          <Icon name="arrowLeft" size={14} />
        </ActionIcon>
        {callSign && (
          <Badge size="sm" variant="light" color="gray">
            {callSign}
          </Badge>
        )}
        <Text size="sm" fw={600} truncate data-testid="chat-title">
          {name}
        </Text>
      </Group>
      <Box
        ref={viewport}
        onScroll={onScroll}
        px={6}
        py={4}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
        data-testid="chat-messages"
      >
        {query.isFetchingNextPage && <Loader size="xs" mx="auto" display="block" />}
        {query.isPending && <Loader size="xs" m="sm" aria-label="Se încarcă" />}
        {query.isError && (
          <Text size="xs" c="red">
            Mesajele nu au putut fi încărcate.
          </Text>
        )}
        {query.isSuccess && messages.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" mt="md">
            Niciun mesaj încă.
          </Text>
        )}
        <Stack gap={4}>
          {messages.map((message, index) => {
            const day = messageDay(message.created_at);
            const previous = messages[index - 1];
            const newDay = !previous || messageDay(previous.created_at) !== day;
            return (
              <Fragment key={message.id}>
                {newDay && <Divider label={day} labelPosition="center" my={2} />}
                <MessageBubble
                  message={message}
                  mine={message.sender_id === me.id}
                  orderPath={(id) => orderFormPath(flavour, id)}
                />
              </Fragment>
            );
          })}
        </Stack>
      </Box>
      <Composer
        userId={target.userId}
        companyId={target.companyId}
        orderId={target.orderId}
        onDropOrder={onDropOrder}
        onSent={sent}
      />
    </Stack>
  );
}

/** Marks read, once per newest unread message of the interlocutor, while the window shows it. */
function useMarkRead(messages: Message[], interlocutorId: number) {
  const marked = useRef(0);
  useEffect(() => {
    let newest: Message | null = null;
    for (const m of messages) {
      if (m.sender_id === interlocutorId && m.read_at === null) newest = m;
    }
    if (!newest || newest.id <= marked.current) return;
    marked.current = newest.id;
    sendRead({ interlocutor_id: interlocutorId, company_id: newest.company_id });
  }, [messages, interlocutorId]);
}

/**
 * The window's scroll: at the bottom when it opens and when a message arrives while the reader
 * is at the bottom (or it is his own); kept on the same message when an older page is put above.
 */
function useScrollKeeper(
  messages: Message[],
  meId: number,
  fetchingOlder: boolean,
  loadOlder: () => boolean,
) {
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const edges = useRef<{ oldest: number; newest: number } | null>(null);

  useLayoutEffect(() => {
    const box = viewport.current;
    const oldest = messages[0]?.id ?? 0;
    const last = messages[messages.length - 1];
    const newest = last?.id ?? 0;
    const before = edges.current;
    edges.current = { oldest, newest };
    if (!box) return;
    if (anchor.current && before && oldest < before.oldest) {
      box.scrollTop = box.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    // The older page failed or brought nothing: the next scroll may try again.
    if (!fetchingOlder) anchor.current = null;
    const arrived = !before || newest > before.newest;
    if (arrived && (atBottom.current || last?.sender_id === meId)) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages, meId, fetchingOlder]);

  const onScroll = () => {
    const box = viewport.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
    if (box.scrollTop < LOAD_OLDER_PX && anchor.current === null) {
      const height = box.scrollHeight;
      const top = box.scrollTop;
      if (loadOlder()) anchor.current = { height, top };
    }
  };
  return { viewport, onScroll };
}
