import type { DriverOrder } from '@common/dispatch/dispatch.schema';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { InlineReasonPrompt } from '../../components/InlineReasonPrompt';
import type { TripStep } from './simulator-store';

const TRIP_LABELS: Record<string, string> = {
  waiting_driver: 'spre client',
  waiting_client: 'a ajuns la client',
  started: 'în cursă',
};

interface SimulatorOrdersProps {
  driverId: number;
  orders: readonly DriverOrder[];
  /** The order whose trip request is on its way. */
  pending: number | null;
  onTrip: (orderId: number, step: TripStep) => void;
  onCancel: (orderId: number, reason: string) => void;
}

function OrderRow({
  id,
  order,
  busy,
  onTrip,
  onCancel,
}: {
  id: string;
  order: DriverOrder;
  busy: boolean;
  onTrip: (step: TripStep) => void;
  onCancel: (reason: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const trip = order.trip_state ?? 'waiting_driver';
  return (
    <Paper
      withBorder
      radius="xs"
      px={6}
      py={4}
      bg="green.0"
      data-testid={`simulator-order-${id}`}
      data-trip={trip}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="xs" fw={700}>
            #{order.id}
          </Text>
          <Text size="xs" truncate title={order.address ?? undefined}>
            {order.address ?? order.places[0]?.name ?? '—'}
          </Text>
        </Group>
        <Badge size="xs" variant="light" color="green" style={{ flexShrink: 0 }}>
          {TRIP_LABELS[trip] ?? trip}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {[order.client_name, order.phone].filter(Boolean).join(' · ')}
        {order.waiting_driver_time !== null ? ` · ${order.waiting_driver_time} min` : ''}
      </Text>
      {asking ? (
        <InlineReasonPrompt
          value={reason}
          onChange={setReason}
          label="Motivul anulării"
          maxLength={200}
          submitLabel="Anulează"
          onSubmit={(trimmed) => {
            onCancel(trimmed);
            setAsking(false);
          }}
          onCancel={() => setAsking(false)}
          testIds={{
            field: `simulator-cancel-reason-${id}`,
            submit: `simulator-cancel-confirm-${id}`,
          }}
        />
      ) : (
        <Group gap={4} mt={4}>
          {trip === 'waiting_driver' && (
            <Button
              size="compact-xs"
              loading={busy}
              onClick={() => onTrip('arrived')}
              data-testid={`simulator-arrived-${id}`}
            >
              Am ajuns
            </Button>
          )}
          {trip !== 'started' && (
            <Button
              size="compact-xs"
              loading={busy}
              variant={trip === 'waiting_client' ? 'filled' : 'light'}
              onClick={() => onTrip('start')}
              data-testid={`simulator-start-${id}`}
            >
              Pornește cursa
            </Button>
          )}
          {trip === 'started' && (
            <Button
              size="compact-xs"
              color="green"
              loading={busy}
              onClick={() => onTrip('finish')}
              data-testid={`simulator-finish-${id}`}
            >
              Finalizează
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => setAsking(true)}
            data-testid={`simulator-cancel-${id}`}
          >
            Anulează
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The driver's orders once confirmed (order_accept_confirmed, GET /api/drivers/me/orders), with
 * the trip steps: 'Am ajuns', 'Pornește cursa', 'Finalizează', and 'Anulează' with his
 * reason. Each calls the driver's endpoint with his own session.
 */
export function SimulatorOrders({
  driverId,
  orders,
  pending,
  onTrip,
  onCancel,
}: SimulatorOrdersProps) {
  if (orders.length === 0) return null;
  return (
    <Stack gap={4} data-testid={`simulator-orders-${driverId}`}>
      {orders.map((order) => (
        <OrderRow
          key={order.id}
          id={`${driverId}-${order.id}`}
          order={order}
          busy={pending === order.id}
          onTrip={(step) => onTrip(order.id, step)}
          onCancel={(reason) => onCancel(order.id, reason)}
        />
      ))}
    </Stack>
  );
}
