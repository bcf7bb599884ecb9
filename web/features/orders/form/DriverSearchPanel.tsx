import type { Order } from '@common/orders/orders.schema';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { MessageButton } from '../../../components/MessageButton';
import { FLAVOUR_LABELS, type Flavour } from '../../../lib/orders/labels';
import { useNow } from '../../../lib/use-now';
import {
  dispatchKeys,
  SearchDriversList,
  setLocatedDriver,
  TraceDisclosure,
  useLocatedDriver,
  useOrderSearch,
} from '../../dispatch';
import { DriverPhase } from '../list/DriverPhase';
import { rowStatus } from '../list/row-status';

/**
 * driver search panel: 'Așteptare șofer ...' with a skeleton while the search runs
 * (state created) and the live list of the search's drivers (GET /order-drivers, kept live by
 * `ws_order_drivers:{id}`); the 'Șofer alocat' card once a driver exists, with 'Localizare'
 * (only while assigned) showing him on the order screen's map. The order itself follows the
 * orders cache (order_updated), so a found driver or a cancellation shows without a reload;
 * 'De ce?' opens the dispatch trace.
 */
export function DriverSearchPanel({ order, flavour }: { order: Order; flavour: Flavour }) {
  const label = FLAVOUR_LABELS[flavour].driver;
  const driver = order.driver;
  const searching = !driver && order.state === 'created';
  const search = useOrderSearch(order.id, searching);
  const queryClient = useQueryClient();
  const located = useLocatedDriver();
  const canLocate = driver !== null && order.state === 'assigned';
  const status = rowStatus(order, useNow(30_000));

  // A state change ends or restarts the search: the trace and the list are read again.
  const phase = `${order.state}:${order.driver_id ?? ''}`;
  const seenPhase = useRef(phase);
  useEffect(() => {
    if (seenPhase.current === phase) return;
    seenPhase.current = phase;
    void queryClient.invalidateQueries({ queryKey: dispatchKeys.trace(order.id) });
    void queryClient.invalidateQueries({ queryKey: dispatchKeys.drivers(order.id) });
  }, [queryClient, order.id, phase]);

  // 'Localizare' only while assigned: off once the order moves on or the screen closes.
  useEffect(() => {
    if (!canLocate) setLocatedDriver(null);
    return () => setLocatedDriver(null);
  }, [canLocate]);

  if (searching) {
    return (
      <Paper withBorder p="sm" data-testid="driver-waiting">
        <Text size="sm" fw={600} mb="xs">
          Așteptare {label.toLowerCase()} ...
        </Text>
        <Stack gap={6}>
          {(search.data?.drivers.length ?? 0) === 0 && (
            <>
              <Skeleton height={12} />
              <Skeleton height={12} width="70%" />
            </>
          )}
          {/* A failed re-read keeps the last list (a push may have brought it). */}
          <SearchDriversList search={search.data} error={search.data ? null : search.error} />
          <TraceDisclosure orderId={order.id} />
        </Stack>
      </Paper>
    );
  }
  if (!driver) {
    // Canceled (nobody found …) or pending: the search's story stays one click away.
    return order.state === 'new' ? null : (
      <Paper withBorder px="sm" py={6} data-testid="driver-none">
        <TraceDisclosure orderId={order.id} />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid="driver-assigned">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {label} alocat
          </Text>
          {order.manually_assigned && (
            <Badge color="orange" variant="light" data-testid="driver-manual">
              Manual
            </Badge>
          )}
        </Group>
        {canLocate && (
          <Switch
            size="xs"
            label="Localizare"
            checked={located === driver.id}
            onChange={(event) => setLocatedDriver(event.currentTarget.checked ? driver.id : null)}
            data-testid="driver-locate"
          />
        )}
      </Group>
      <Group gap="md" mb={6}>
        <Text fw={700} size="lg" data-testid="driver-callsign">
          {driver.indicativ ?? order.car_indicativ ?? '—'}
        </Text>
        {status.showsWaitingTime && order.waiting_driver_time !== null && (
          <Text c="green.8" fw={600} data-testid="driver-waiting-time">
            {order.waiting_driver_time} min
          </Text>
        )}
        <DriverPhase testId="driver-phase" status={status} />
      </Group>
      <SimpleGrid cols={3} spacing={4}>
        <Text size="sm" data-testid="driver-plate">
          {driver.number ?? '—'}
        </Text>
        <Text size="sm" data-testid="driver-car">
          {[driver.make, driver.model].filter(Boolean).join(' ') || '—'}
        </Text>
        <Text size="sm" data-testid="driver-color">
          {driver.color ?? '—'}
        </Text>
      </SimpleGrid>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="driver-name">
          {driver.name}
        </Text>
        {/* From the order: the first message names it. */}
        <MessageButton
          target={{
            userId: driver.id,
            companyId: order.processed_by_company_id,
            orderId: order.id,
            name: driver.name,
            callSign: driver.indicativ,
          }}
          testId={`driver-message-${driver.id}`}
        />
      </Group>
      <TraceDisclosure orderId={order.id} />
    </Paper>
  );
}
