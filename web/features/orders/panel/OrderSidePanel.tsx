import type { Order } from '@common/orders/orders.schema';
import { Alert, Badge, Drawer, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import {
  cancellationText,
  type Flavour,
  ORDER_STATE_COLORS,
  ORDER_STATE_LABELS,
} from '../../../lib/orders/labels';
import { useNow } from '../../../lib/use-now';
import { ClientOrdersTable } from '../../clients';
import { DispatchTraceView } from '../../dispatch';
import { useOrder } from '../data/use-order';
import { DriverPhase } from '../list/DriverPhase';
import { clientName } from '../list/order-list';
import { rowStatus } from '../list/row-status';
import { OrderAboutTab } from './OrderAboutTab';
import { OrderHistoryList } from './OrderHistoryList';

interface OrderSidePanelProps {
  orderId: number | null;
  flavour: Flavour;
  onClose: () => void;
}

/** Side panel width. */
export const SIDE_PANEL_WIDTH = 900;

/**
 * order side panel, opened by order id: the header (status, id, created date,
 * cancellation reason, client) and the tabs 'Despre comandă', 'Timeline' and 'Istoric client'
 * (the latter only when a driver exists).
 */
export function OrderSidePanel({ orderId, flavour, onClose }: OrderSidePanelProps) {
  const { data: order, isPending, isError, error } = useOrder(orderId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size={SIDE_PANEL_WIDTH}
      zIndex={300}
      title={orderId !== null ? `Comanda #${orderId}` : ''}
      data-testid="order-panel"
    >
      {orderId === null ? null : isPending ? (
        <Loader size="sm" mx="auto" aria-label="Se încarcă" />
      ) : isError ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Group gap="xs">
                <Badge color={ORDER_STATE_COLORS[order.state]} data-testid="panel-state">
                  {ORDER_STATE_LABELS[order.state]}
                </Badge>
                {order.state === 'assigned' && <PanelTripPhase order={order} />}
                <Text fw={600} data-testid="panel-id">
                  #{order.id}
                </Text>
                <Text size="sm" c="dimmed" data-testid="panel-created">
                  {formatDateTime(order.created_at)}
                </Text>
              </Group>
              {order.state === 'canceled' && (
                <Text size="sm" c="red.7" data-testid="panel-cancel-reason">
                  {cancellationText(order) ?? 'Anulată'}
                </Text>
              )}
            </Stack>
            <Stack gap={0} align="flex-end" data-testid="panel-client">
              <Text fw={600} fs={clientName(order) ? undefined : 'italic'}>
                {clientName(order) || 'Fără nume'}
              </Text>
              {order.client && (
                <Text size="xs" c="dimmed">
                  Client din {formatDateTime(order.client.created_at)}
                </Text>
              )}
              <Text size="sm">{order.client_phone || order.phone}</Text>
            </Stack>
          </Group>
          <Tabs defaultValue="about" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="about" data-testid="panel-tab-about">
                Despre comandă
              </Tabs.Tab>
              <Tabs.Tab value="timeline" data-testid="panel-tab-timeline">
                Timeline
              </Tabs.Tab>
              {order.driver_id !== null && order.client_id !== null && (
                <Tabs.Tab value="client" data-testid="panel-tab-client">
                  Istoric client
                </Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="about" pt="sm">
              <OrderAboutTab order={order} flavour={flavour} />
            </Tabs.Panel>
            <Tabs.Panel value="timeline" pt="sm">
              <Stack gap="md">
                <OrderHistoryList orderId={order.id} />
                {order.state !== 'new' && (
                  <Stack gap={6} data-testid="panel-dispatch-trace">
                    <Text size="sm" fw={600}>
                      Căutarea șoferului
                    </Text>
                    <DispatchTraceView orderId={order.id} />
                  </Stack>
                )}
              </Stack>
            </Tabs.Panel>
            {order.driver_id !== null && order.client_id !== null && (
              <Tabs.Panel value="client" pt="sm">
                <ClientOrdersTable clientId={order.client_id} />
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}

/** An assigned order's trip phase beside its state, ticking with the minutes. */
function PanelTripPhase({ order }: { order: Order }) {
  return <DriverPhase testId="panel-phase" status={rowStatus(order, useNow(30_000))} />;
}
