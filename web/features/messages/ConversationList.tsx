import type { Conversation } from '@common/messages/messages.schema';
import { Badge, Box, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationTarget } from '../../lib/chat-launcher';
import { listTime } from './message-time';
import { useConversations } from './use-message-queries';

export const targetOf = (c: Conversation): ConversationTarget => ({
  userId: c.interlocutor_id,
  companyId: c.company_id,
  name: c.name,
  callSign: c.identifier,
});

/** 'Conversații': the newest first; ↑/↓ choose one, Enter opens it. */
export function ConversationList({ onOpen }: { onOpen: (target: ConversationTarget) => void }) {
  const query = useConversations(true);
  const rows = useMemo(
    () =>
      [...(query.data ?? [])].sort((a, b) => b.last_message_at.localeCompare(a.last_message_at)),
    [query.data],
  );
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  // Keyboard-first: the list takes the keys as soon as it is shown.
  const shown = rows.length > 0;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (rows.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(rows.length - 1, Math.max(0, i + step)));
    } else if (event.key === 'Enter') {
      const row = rows[Math.min(active, rows.length - 1)];
      if (row) {
        event.preventDefault();
        onOpen(targetOf(row));
      }
    }
  };

  if (query.isPending) return <Loader size="xs" m="sm" aria-label="Se încarcă" />;
  if (query.isError)
    return (
      <Text size="xs" c="red" p="sm">
        Conversațiile nu au putut fi încărcate.
      </Text>
    );
  if (rows.length === 0)
    return (
      <Text size="xs" c="dimmed" p="sm" data-testid="conversations-empty">
        Nicio conversație. Începeți una din „Conversație nouă”.
      </Text>
    );
  return (
    <ScrollArea h="100%" type="auto" scrollbarSize={6}>
      <Box
        ref={box}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Conversații"
        role="listbox"
        style={{ outline: 'none' }}
        data-testid="conversations"
      >
        <Stack gap={0}>
          {rows.map((row, index) => (
            <ConversationRow
              key={`${row.company_id}:${row.interlocutor_id}`}
              row={row}
              active={index === active}
              onOpen={() => onOpen(targetOf(row))}
            />
          ))}
        </Stack>
      </Box>
    </ScrollArea>
  );
}

function ConversationRow({
  row,
  active,
  onOpen,
}: {
  row: Conversation;
  active: boolean;
  onOpen: () => void;
}) {
  return (
    <UnstyledButton
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onClick={onOpen}
      px="sm"
      py={6}
      bg={active ? 'var(--mantine-color-blue-light)' : undefined}
      style={{
        display: 'block',
        width: '100%',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
      data-testid={`conversation-${row.interlocutor_id}`}
      data-unread={row.unread_count}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {row.kind === 'driver' && row.identifier && (
            <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
              {row.identifier}
            </Badge>
          )}
          <Text size="sm" fw={row.has_unread ? 700 : 500} truncate>
            {row.name}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <Text size="xs" c="dimmed">
            {listTime(row.last_message_at)}
          </Text>
          {row.unread_count > 0 && (
            <Badge size="xs" color="red" circle={row.unread_count < 10}>
              {row.unread_count}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {row.last_message_mine ? `Tu: ${row.last_message}` : row.last_message}
      </Text>
    </UnstyledButton>
  );
}
