import type { Incident } from '@common/dashboard/dashboard.schema';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { toastApiError, toastSuccess } from '../../lib/toast';
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
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { description, order_id: typeof order === 'number' ? order : null },
          {
            onSuccess: () => {
              toastSuccess('Incident raportat.');
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap={6}>
        <Textarea
          size="xs"
          label="Ce s-a întâmplat"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={error('description')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={1000}
          autoFocus
        />
        <Group gap="xs" align="flex-end">
          {orderId === null ? (
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
          )}
          <Button size="xs" variant="default" onClick={onDone}>
            Renunță
          </Button>
          <Button size="xs" type="submit" loading={create.isPending}>
            Raportează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function IncidentRow({ incident, canWrite }: { incident: Incident; canWrite: boolean }) {
  const resolve = useResolveIncident();
  return (
    <Paper withBorder p={8} radius="sm" data-testid="incident">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {incident.description}
        </Text>
        {canWrite && (
          <Button
            size="compact-xs"
            variant="light"
            color="teal"
            style={{ flexShrink: 0 }}
            loading={resolve.isPending}
            onClick={() =>
              resolve.mutate(incident.id, {
                onSuccess: () => toastSuccess('Incident rezolvat.'),
                onError: toastApiError,
              })
            }
          >
            Rezolvat
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {incident.order_id !== null && (
          <>
            <Anchor component={Link} to={`/operator/order/${incident.order_id}`} size="xs">
              Comanda #{incident.order_id}
            </Anchor>
            {' · '}
          </>
        )}
        {incident.driver_name ? `Șofer: ${incident.driver_name} · ` : ''}
        {incident.source === 'driver' ? 'raportat de șofer' : (incident.reported_by_name ?? '—')} ·{' '}
        {formatDateTime(incident.created_at)}
      </Text>
    </Paper>
  );
}

/** The open incidents of the company's trips (docs/ADMINISTRATION.md). */
export function IncidentsPanel({ canWrite, height }: { canWrite: boolean; height: number }) {
  const list = useIncidents();
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" h="100%" data-testid="incidents-panel">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Incidente
        </Text>
        {canWrite && !adding && (
          <Button size="compact-xs" variant="light" color="orange" onClick={() => setAdding(true)}>
            Raportează
          </Button>
        )}
      </Group>
      {adding && <IncidentForm onDone={() => setAdding(false)} />}
      <ScrollArea.Autosize mah={height} mt={adding ? 'xs' : 0}>
        <Stack gap={6}>
          {list.data?.map((incident) => (
            <IncidentRow key={incident.id} incident={incident} canWrite={canWrite} />
          ))}
          {list.data?.length === 0 && !adding && (
            <Text size="sm" c="dimmed">
              Niciun incident deschis.
            </Text>
          )}
          {list.isError && (
            <Text size="sm" c="red">
              Incidentele nu au putut fi citite.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
