import type { Announcement } from '@common/dashboard/dashboard.schema';
import {
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { EXPIRY_CHOICES, type ExpiryChoice, expiresAt } from './expiry';
import { useAnnouncements, useArchiveAnnouncement, useCreateAnnouncement } from './use-dashboard';

const isExpiry = (value: string | null): value is ExpiryChoice =>
  EXPIRY_CHOICES.some((choice) => choice.value === value);

function AnnouncementForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAnnouncement();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('none');
  const errors = isApiError(create.error) ? create.error.fieldErrors : {};
  const error = (field: string) => errors[field]?.join(' ');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { title, message, expires_at: expiresAt(expiry) },
          {
            onSuccess: () => {
              toastSuccess('Anunț publicat!');
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap={6}>
        <TextInput
          size="xs"
          label="Titlu"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error('title')}
          maxLength={120}
          data-autofocus
          autoFocus
        />
        <Textarea
          size="xs"
          label="Mesaj"
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={error('message')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={2000}
        />
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            label="Valabil"
            data={[...EXPIRY_CHOICES]}
            value={expiry}
            onChange={(value) => isExpiry(value) && setExpiry(value)}
            allowDeselect={false}
            error={error('expires_at')}
            style={{ flex: 1 }}
          />
          <Button size="xs" variant="default" onClick={onDone}>
            Renunță
          </Button>
          <Button size="xs" type="submit" loading={create.isPending}>
            Publică
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnnouncementRow({ note, canWrite }: { note: Announcement; canWrite: boolean }) {
  const archive = useArchiveAnnouncement();
  return (
    <Paper withBorder p={8} radius="sm" data-testid="announcement">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} size="sm">
          {note.title}
        </Text>
        {canWrite && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            style={{ flexShrink: 0 }}
            loading={archive.isPending}
            onClick={() =>
              archive.mutate(note.id, {
                onSuccess: () => toastSuccess('Anunț arhivat.'),
                onError: toastApiError,
              })
            }
          >
            Arhivează
          </Button>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {note.message}
      </Text>
      <Text size="xs" c="dimmed">
        {note.author_name ?? '—'} · {formatDateTime(note.created_at)}
        {note.expires_at ? ` · până la ${formatDateTime(note.expires_at)}` : ''}
      </Text>
    </Paper>
  );
}

/** The company's active announcements to its console users (docs/ADMINISTRATION.md). */
export function AnnouncementsPanel({ canWrite, height }: { canWrite: boolean; height: number }) {
  const list = useAnnouncements();
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" h="100%" data-testid="announcements-panel">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Anunțuri
        </Text>
        {canWrite && !adding && (
          <Button size="compact-xs" variant="light" onClick={() => setAdding(true)}>
            Anunț nou
          </Button>
        )}
      </Group>
      {adding && <AnnouncementForm onDone={() => setAdding(false)} />}
      <ScrollArea.Autosize mah={height} mt={adding ? 'xs' : 0}>
        <Stack gap={6}>
          {list.data?.map((note) => (
            <AnnouncementRow key={note.id} note={note} canWrite={canWrite} />
          ))}
          {list.data?.length === 0 && !adding && (
            <Text size="sm" c="dimmed">
              Niciun anunț activ.
            </Text>
          )}
          {list.isError && (
            <Text size="sm" c="red">
              Anunțurile nu au putut fi citite.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
