import { sendToAllClients, sendToAllDrivers } from '@common/messages/messages.api';
import type { BroadcastAudience, Recipient } from '@common/messages/messages.schema';
import {
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiWith, isApiError } from '../../lib/api-client';
import type { ConversationTarget } from '../../lib/chat-launcher';
import { newIdempotencyKey } from '../../lib/idempotency';
import { toastError, toastSuccess } from '../../lib/toast';
import { messageKeys } from './message-keys';
import { RECIPIENT_SEARCH_DEBOUNCE_MS, useRecipients } from './use-message-queries';

const KIND_LABEL = { driver: 'Șofer', client: 'Client', dispatch: 'Dispecerat' } as const;
export const BROADCAST_SENT = 'Mesaj trimis!';
export const BROADCAST_FAILED = 'An error occurred. Please try again.';

const BROADCAST = { drivers: sendToAllDrivers, clients: sendToAllClients } as const;

/**
 * 'Conversație nouă': find a driver (call sign, name), a client (phone, name) or a colleague
 * and open his conversation; or write once to all the company's drivers or clients.
 */
export function NewConversation({ onOpen }: { onOpen: (target: ConversationTarget) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), RECIPIENT_SEARCH_DEBOUNCE_MS);
  const recipients = useRecipients(debounced);

  return (
    <Stack gap={6} p="xs" h="100%">
      <TextInput
        size="xs"
        placeholder="Indicativ, nume sau telefon"
        aria-label="Caută destinatar"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={recipients.isFetching ? <Loader size={12} /> : null}
        data-autofocus
        data-testid="chat-recipient-search"
      />
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" scrollbarSize={6}>
        {debounced !== '' && recipients.isSuccess && recipients.data.length === 0 && (
          <Text size="xs" c="dimmed">
            Nimeni găsit.
          </Text>
        )}
        <Stack gap={0}>
          {(debounced === '' ? [] : (recipients.data ?? [])).map((r) => (
            <RecipientRow
              key={`${r.company_id}:${r.id}`}
              recipient={r}
              onPick={() =>
                onOpen({
                  userId: r.id,
                  companyId: r.company_id,
                  name: r.name,
                  callSign: r.identifier,
                })
              }
            />
          ))}
        </Stack>
      </ScrollArea>
      <Divider label="Mesaj către toți" labelPosition="left" />
      <BroadcastForm />
    </Stack>
  );
}

function RecipientRow({ recipient, onPick }: { recipient: Recipient; onPick: () => void }) {
  return (
    <UnstyledButton
      onClick={onPick}
      px={4}
      py={4}
      style={{ display: 'block', width: '100%' }}
      data-testid={`recipient-${recipient.id}`}
    >
      <Group gap={6} wrap="nowrap">
        {recipient.identifier && (
          <Badge size="xs" variant="light" color="gray">
            {recipient.identifier}
          </Badge>
        )}
        <Text size="sm" truncate style={{ flex: 1 }}>
          {recipient.name}
        </Text>
        {recipient.phone && (
          <Text size="xs" ff="monospace" c="dimmed">
            {recipient.phone}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {KIND_LABEL[recipient.kind]}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** One message to all the company's drivers or clients (the server limits them per hour). */
function BroadcastForm() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // One key per audience: a retry to the same audience never writes twice.
  const keys = useRef<Partial<Record<BroadcastAudience, string>>>({});
  const send = useMutation({
    mutationFn: ({
      audience,
      idempotencyKey,
    }: {
      audience: BroadcastAudience;
      idempotencyKey: string;
    }) =>
      apiWith(
        BROADCAST[audience],
        { headers: { 'Idempotency-Key': idempotencyKey } },
        { body: { message: text } },
      ),
    onSuccess: () => {
      keys.current = {};
      setText('');
      toastSuccess(BROADCAST_SENT);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
    // Too many in the last hour: the server says how long to wait.
    onError: (error) =>
      toastError(isApiError(error) && error.status === 429 ? error.message : BROADCAST_FAILED),
  });
  const disabled = text.trim() === '' || send.isPending;
  const submit = (audience: BroadcastAudience) => {
    if (disabled) return;
    const idempotencyKey = keys.current[audience] ?? newIdempotencyKey();
    keys.current[audience] = idempotencyKey;
    send.mutate({ audience, idempotencyKey });
  };
  return (
    <Stack gap={4}>
      <Textarea
        size="xs"
        // Not autosize: it needs document.fonts (absent in some browsers and in tests).
        rows={2}
        placeholder="Mesaj pentru toți"
        aria-label="Mesaj pentru toți"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          keys.current = {};
        }}
        data-testid="broadcast-text"
      />
      <Group gap={6} grow>
        <Button
          size="compact-xs"
          variant="light"
          disabled={disabled}
          onClick={() => submit('drivers')}
          data-testid="broadcast-drivers"
        >
          Către toți șoferii
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          disabled={disabled}
          onClick={() => submit('clients')}
          data-testid="broadcast-clients"
        >
          Către toți clienții
        </Button>
      </Group>
    </Stack>
  );
}
