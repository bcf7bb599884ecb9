import type { Incident } from '@common/dashboard/dashboard.schema';
import { Anchor, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoteCard } from '../../components/notes/NoteCard';
import { NoteForm } from '../../components/notes/NoteForm';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { NoteTextarea } from '../../components/notes/NoteTextarea';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useCreateIncident, useIncidents, useResolveIncident } from './use-dashboard';

/**
 * Reports an incident, on an order when its number is given; `orderId` fixes the order (the
 * order screen's 'Raportează incident').
 */
export function IncidentForm({
  orderId = null,
  onDone,
}: {
  orderId?: number | null;
  onDone: () => void;
}) {
  const create = useCreateIncident();
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState<number | string>(orderId ?? '');
  const errors = isApiError(create.error) ? create.error.fieldErrors : {};
  const error = (field: string) => errors[field]?.join(' ');
  return (
    <NoteForm
      create={create}
      body={() => ({ description, order_id: typeof order === 'number' ? order : null })}
      done="Incident raportat."
      submitLabel="Raportează"
      onDone={onDone}
      aside={
        orderId === null ? (
          <NumberInput
            size="xs"
            label="Comanda nr. (opțional)"
            value={order}
            onChange={setOrder}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            error={error('order_id')}
            style={{ flex: 1 }}
          />
        ) : (
          <Text size="sm" c={error('order_id') ? 'red' : 'dimmed'} style={{ flex: 1 }}>
            {error('order_id') ?? `Comanda #${orderId}`}
          </Text>
        )
      }
    >
      <NoteTextarea
        label="Ce s-a întâmplat"
        value={description}
        onChange={setDescription}
        error={error('description')}
        maxLength={1000}
        autoFocus
      />
    </NoteForm>
  );
}

const RESOLVE = {
  label: 'Rezolvat',
  variant: 'light',
  color: 'teal',
  done: 'Incident rezolvat.',
} as const;

function IncidentRow({ incident, canWrite }: { incident: Incident; canWrite: boolean }) {
  const resolve = useResolveIncident();
  return (
    <NoteCard
      noteId={incident.id}
      testId="incident"
      heading={
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {incident.description}
        </Text>
      }
      action={canWrite ? { ...RESOLVE, mutation: resolve } : undefined}
      meta={
        <>
          {incident.order_id !== null && (
            <>
              <Anchor component={Link} to={`/operator/order/${incident.order_id}`} size="xs">
                Comanda #{incident.order_id}
              </Anchor>
              {' · '}
            </>
          )}
          {incident.driver_name ? `Șofer: ${incident.driver_name} · ` : ''}
          {incident.source === 'driver' ? 'raportat de șofer' : (incident.reported_by_name ?? '—')}{' '}
          · {formatDateTime(incident.created_at)}
        </>
      }
    />
  );
}

/** The open incidents of the company's trips (docs/ADMINISTRATION.md). */
export function IncidentsPanel({ canWrite, height }: { canWrite: boolean; height: number }) {
  const list = useIncidents();
  return (
    <NotesPanel
      title="Incidente"
      testId="incidents-panel"
      add={{ label: 'Raportează', color: 'orange' }}
      canWrite={canWrite}
      height={height}
      notes={list.data}
      isError={list.isError}
      emptyText="Niciun incident deschis."
      errorText="Incidentele nu au putut fi citite."
      renderNote={(incident) => <IncidentRow incident={incident} canWrite={canWrite} />}
      renderForm={(done) => <IncidentForm onDone={done} />}
    />
  );
}
