import type { Conversation, Message } from '@common/messages/messages.schema';
import { Badge, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { MessageTicks } from '../../components/MessageTicks';
import { newIdempotencyKey } from '../../lib/idempotency';
import type { SimulatorStore } from './simulator-store';

/** The last messages a card shows: enough to follow the talk, small enough to stay dense. */
const SHOWN = 4;

const keys = {
  conversations: (driverId: number) => ['simulator', driverId, 'conversations'] as const,
  thread: (driverId: number, c: Conversation | undefined) =>
    ['simulator', driverId, 'thread', c?.interlocutor_id ?? null, c?.company_id ?? null] as const,
};

type MessagesOf = Pick<
  SimulatorStore,
  'readConversations' | 'readMessages' | 'sendMessage' | 'markRead'
>;

/**
 * A picked driver's messages, through his own session: his conversations (usually with the
 * dispatcher), the last messages of one, and a reply box (Enter sends). What he is shown is
 * marked read, as his app does, so the console's ticks turn blue. Read again on each message
 * event of his socket (`seq`).
 */
export function SimulatorMessages({
  driverId,
  seq,
  store,
}: {
  driverId: number;
  seq: number;
  store: MessagesOf;
}) {
  const queryClient = useQueryClient();
  const conversations = useQuery({
    queryKey: keys.conversations(driverId),
    queryFn: () => store.readConversations(driverId),
  });
  const list = conversations.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const current = list.find((c) => c.interlocutor_id === chosen) ?? list[0];
  const thread = useQuery({
    queryKey: keys.thread(driverId, current),
    queryFn: () =>
      current ? store.readMessages(driverId, current.interlocutor_id, current.company_id) : [],
    enabled: current !== undefined,
  });

  // A message event on his socket: his list and the shown conversation are read again.
  const seen = useRef(seq);
  useEffect(() => {
    if (seen.current === seq) return;
    seen.current = seq;
    void queryClient.invalidateQueries({ queryKey: ['simulator', driverId] });
  }, [queryClient, driverId, seq]);

  const shown = [...(thread.data ?? [])].sort((a, b) => a.id - b.id).slice(-SHOWN);
  useMarkShownRead(driverId, current, shown, store);

  return (
    <Stack gap={2} data-testid={`sim-messages-${driverId}`}>
      {list.length === 0 ? (
        <Text size="xs" c="dimmed">
          Niciun mesaj
        </Text>
      ) : (
        <>
          {list.length > 1 && (
            <SegmentedControl
              size="xs"
              value={String(current?.interlocutor_id)}
              onChange={(value) => setChosen(Number(value))}
              data={list.map((c) => ({ value: String(c.interlocutor_id), label: c.name }))}
            />
          )}
          {shown.map((m) => (
            <Group key={m.id} gap={4} wrap="nowrap" data-testid={`sim-message-${m.id}`}>
              <Text size="xs" fw={600} c={m.sender_id === driverId ? 'blue.7' : undefined}>
                {m.sender_id === driverId ? 'Eu:' : `${current?.name ?? ''}:`}
              </Text>
              <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.message}
              </Text>
              {m.sender_id === driverId && (
                <MessageTicks message={m} testId={`sim-ticks-${m.id}`} />
              )}
              {m.order_id !== null && (
                <Badge size="xs" variant="light">
                  #{m.order_id}
                </Badge>
              )}
            </Group>
          ))}
          {current && (
            <ReplyBox
              driverId={driverId}
              conversation={current}
              store={store}
              onSent={() =>
                void queryClient.invalidateQueries({ queryKey: ['simulator', driverId] })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** Marks read, once per newest unread message of the interlocutor shown on the card. */
function useMarkShownRead(
  driverId: number,
  current: Conversation | undefined,
  shown: Message[],
  store: MessagesOf,
) {
  const marked = useRef(0);
  const newest = shown
    .filter((m) => current && m.sender_id === current.interlocutor_id && m.read_at === null)
    .at(-1);
  useEffect(() => {
    if (!current || !newest || newest.id <= marked.current) return;
    marked.current = newest.id;
    store
      .markRead(driverId, {
        interlocutor_id: current.interlocutor_id,
        company_id: current.company_id,
      })
      .catch(() => undefined); // the next message shown marks it again
  }, [driverId, current, newest, store]);
}

function ReplyBox({
  driverId,
  conversation,
  store,
  onSent,
}: {
  driverId: number;
  conversation: Conversation;
  store: MessagesOf;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const key = useRef<string | null>(null);
  const send = useMutation({
    mutationFn: (idempotencyKey: string) =>
      store.sendMessage(
        driverId,
        {
          user_id: conversation.interlocutor_id,
          company_id: conversation.company_id,
          message: text,
        },
        idempotencyKey,
      ),
    onSuccess: () => {
      key.current = null;
      setText('');
      onSent();
    },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || text.trim() === '' || send.isPending) return;
    event.preventDefault();
    key.current ??= newIdempotencyKey();
    send.mutate(key.current);
  };
  return (
    <TextInput
      size="xs"
      placeholder={`Răspunde lui ${conversation.name}…`}
      aria-label="Răspuns"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        key.current = null;
      }}
      onKeyDown={onKeyDown}
      error={send.isError ? 'Mesajul nu a fost trimis. Încercați din nou.' : undefined}
      data-testid={`sim-reply-${driverId}`}
    />
  );
}
