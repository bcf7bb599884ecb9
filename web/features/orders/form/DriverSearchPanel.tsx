import type { Order } from '@common/orders/orders.schema';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { FLAVOUR_LABELS, type Flavour } from '../labels';

/**
 * SPEC §2 driver search panel: 'Așteptare șofer ...' with a skeleton while the search runs
 * (state created); the 'Șofer alocat' card once a driver exists. The 'Localizare' toggle and
 * the drivers-on-map list come with the map and dispatch issues.
 */
export function DriverSearchPanel({ order, flavour }: { order: Order; flavour: Flavour }) {
  const label = FLAVOUR_LABELS[flavour].driver;
  const driver = order.driver;
  if (!driver && order.state === 'created') {
    return (
      <Paper withBorder p="sm" data-testid="driver-waiting">
        <Text size="sm" fw={600} mb="xs">
          Așteptare {label.toLowerCase()} ...
        </Text>
        <Stack gap={6}>
          <Skeleton height={12} />
          <Skeleton height={12} width="70%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      </Paper>
    );
  }
  if (!driver) return null;
  return (
    <Paper withBorder p="sm" data-testid="driver-assigned">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {label} alocat
        </Text>
        {order.manually_assigned && (
          <Badge color="orange" variant="light" data-testid="driver-manual">
            Manual
          </Badge>
        )}
      </Group>
      <Group gap="md" mb={6}>
        <Text fw={700} size="lg" data-testid="driver-callsign">
          {driver.indicativ ?? order.car_indicativ ?? '—'}
        </Text>
        {order.waiting_driver_time !== null && (
          <Text c="green.8" fw={600} data-testid="driver-waiting-time">
            {order.waiting_driver_time} min
          </Text>
        )}
      </Group>
      <SimpleGrid cols={3} spacing={4}>
        <Text size="sm" data-testid="driver-plate">
          {driver.number ?? '—'}
        </Text>
        <Text size="sm">{[driver.make, driver.model].filter(Boolean).join(' ') || '—'}</Text>
        <Text size="sm">{driver.color ?? '—'}</Text>
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="driver-name">
        {driver.name}
      </Text>
    </Paper>
  );
}
