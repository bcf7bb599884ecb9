import { sendToUser } from '@common/messages/messages.api';
import type { Message } from '@common/messages/messages.schema';
import { ActionIcon, Badge, CloseButton, Group, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { apiWith } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';
import { showToast } from '../../lib/toast';

export const SEND_FAILED = 'Error on message send. Try again.';

interface ComposerProps {
  userId: number;
  companyId: number | undefined;
  /** The order the first message names ('Despre comanda #id'); x drops it. */
  orderId: number | undefined;
  onDropOrder: () => void;
  onSent: (message: Message) => void;
}

/**
 * The window's composer: Enter sends, Shift+Enter breaks the line, an empty text cannot be
 * sent. A failed send keeps the text; its retry carries the same Idempotency-Key, so a send
 * the server did write is never written twice.
 */
export function Composer({ userId, companyId, orderId, onDropOrder, onSent }: ComposerProps) {
  const [text, setText] = useState('');
  const key = useRef<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { message: string; idempotencyKey: string }) =>
      apiWith(
        sendToUser,
        { headers: { 'Idempotency-Key': body.idempotencyKey } },
        {
          body: {
            user_id: userId,
            message: body.message,
            company_id: companyId,
            order_id: orderId,
          },
        },
      ),
    onSuccess: (message) => {
      key.current = null;
      setText('');
      onSent(message);
    },
    onError: () =>
      showToast({ message: SEND_FAILED, color: 'red', autoClose: 2000, withBorder: true }),
  });
  const empty = text.trim() === '';

  const submit = () => {
    if (empty || send.isPending) return;
    key.current ??= newIdempotencyKey();
    send.mutate({ message: text, idempotencyKey: key.current });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack gap={4} p={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {orderId !== undefined && (
        <Group gap={4}>
          <Badge
            size="sm"
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                onClick={onDropOrder}
                aria-label="Fără comandă"
                data-testid="chat-order-drop"
              />
            }
            data-testid="chat-order"
          >
            Despre comanda #{orderId}
          </Badge>
        </Group>
      )}
      <Group gap={6} wrap="nowrap" align="flex-end">
        <Textarea
          size="xs"
          // Not autosize: it needs document.fonts (absent in some browsers and in tests).
          rows={2}
          placeholder="Scrieți un mesaj…"
          aria-label="Mesaj"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            // Another text is another submission.
            key.current = null;
          }}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
          data-autofocus
          data-testid="chat-composer"
        />
        <ActionIcon
          size="lg"
          variant="filled"
          aria-label="Trimite"
          disabled={empty}
          loading={send.isPending}
          onClick={submit}
          data-testid="chat-send"
        >
          <Icon name="send" size={16} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
