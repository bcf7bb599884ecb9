import type { Announcement } from '@common/dashboard/dashboard.schema';
import { Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NoteCard } from '../../components/notes/NoteCard';
import { NoteForm } from '../../components/notes/NoteForm';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { NoteTextarea } from '../../components/notes/NoteTextarea';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
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
    <NoteForm
      create={create}
      body={() => ({ title, message, expires_at: expiresAt(expiry) })}
      done="Anunț publicat!"
      submitLabel="Publică"
      onDone={onDone}
      aside={
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
      }
    >
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
      <NoteTextarea
        label="Mesaj"
        value={message}
        onChange={setMessage}
        error={error('message')}
        maxLength={2000}
      />
    </NoteForm>
  );
}

const ARCHIVE = {
  label: 'Arhivează',
  variant: 'subtle',
  color: 'gray',
  done: 'Anunț arhivat.',
} as const;

function AnnouncementRow({ note, canWrite }: { note: Announcement; canWrite: boolean }) {
  const archive = useArchiveAnnouncement();
  return (
    <NoteCard
      noteId={note.id}
      testId="announcement"
      heading={
        <Text fw={600} size="sm">
          {note.title}
        </Text>
      }
      action={canWrite ? { ...ARCHIVE, mutation: archive } : undefined}
      meta={
        <>
          {note.author_name ?? '—'} · {formatDateTime(note.created_at)}
          {note.expires_at ? ` · până la ${formatDateTime(note.expires_at)}` : ''}
        </>
      }
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {note.message}
      </Text>
    </NoteCard>
  );
}

/** The company's active announcements to its console users (docs/ADMINISTRATION.md). */
export function AnnouncementsPanel({ canWrite, height }: { canWrite: boolean; height: number }) {
  const list = useAnnouncements();
  return (
    <NotesPanel
      title="Anunțuri"
      testId="announcements-panel"
      add={{ label: 'Anunț nou' }}
      canWrite={canWrite}
      height={height}
      notes={list.data}
      isError={list.isError}
      emptyText="Niciun anunț activ."
      errorText="Anunțurile nu au putut fi citite."
      renderNote={(note) => <AnnouncementRow note={note} canWrite={canWrite} />}
      renderForm={(done) => <AnnouncementForm onDone={done} />}
    />
  );
}
