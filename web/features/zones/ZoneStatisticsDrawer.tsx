import type { ZoneStatistics } from '@common/drivers/drivers.schema';
import { fromUtcString } from '@common/lib/dates';
import { Accordion, Alert, Badge, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FLAVOUR_LABELS, type Flavour } from '../../lib/orders/labels';
import { useNow } from '../../lib/use-now';
import { useZoneDrivers, useZoneStatistics } from './use-zone-statistics';

interface ZoneStatisticsDrawerProps {
  opened: boolean;
  onClose: () => void;
  flavour: Flavour;
}

/**
 * 'Statistici zone' (operator top bar, delivery dashboard): the busy and free drivers
 * of each zone, read every 30 s while open; a zone opens to its free drivers, longest
 * idle first, with the time each has been free since.
 */
export function ZoneStatisticsDrawer({ opened, onClose, flavour }: ZoneStatisticsDrawerProps) {
  const { data, isPending, isError, error } = useZoneStatistics(opened);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={380}
      title="Statistici zone"
      data-testid="zone-statistics"
    >
      {isPending ? (
        <Loader size="sm" aria-label="Se încarcă" />
      ) : isError ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="zone-statistics-empty">
          Compania nu are zone. Zonele se desenează în 'Delimitare zone'.
        </Text>
      ) : (
        <Stack gap="xs">
          <ZoneTotals zones={data} flavour={flavour} />
          <Accordion
            value={open}
            onChange={setOpen}
            variant="contained"
            chevronPosition="left"
            styles={{ control: { paddingBlock: 4 }, label: { paddingBlock: 6 } }}
          >
            {data.map((zone) => (
              <Accordion.Item key={zone.polygonId} value={String(zone.polygonId)}>
                <Accordion.Control data-testid={`zone-stat-${zone.polygonId}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={500} truncate>
                      {zone.name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Badge
                        color="green"
                        variant="light"
                        size="sm"
                        data-testid={`zone-stat-${zone.polygonId}-free`}
                      >
                        Liberi: {zone.freeDrivers}
                      </Badge>
                      <Badge
                        color="orange"
                        variant="light"
                        size="sm"
                        data-testid={`zone-stat-${zone.polygonId}-busy`}
                      >
                        Ocupați: {zone.busyDrivers}
                      </Badge>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <ZoneFreeDrivers
                    polygonId={zone.polygonId}
                    enabled={opened && open === String(zone.polygonId)}
                    flavour={flavour}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
    </Drawer>
  );
}

function ZoneTotals({ zones, flavour }: { zones: ZoneStatistics; flavour: Flavour }) {
  const free = zones.reduce((sum, zone) => sum + zone.freeDrivers, 0);
  const busy = zones.reduce((sum, zone) => sum + zone.busyDrivers, 0);
  return (
    <Text size="xs" c="dimmed" data-testid="zone-statistics-totals">
      {FLAVOUR_LABELS[flavour].drivers} în zone · liberi: {free}, ocupați: {busy}
    </Text>
  );
}

/** Driver info per zone: indicativ and idle_from, as 'HH:mm' and minutes idle. */
function ZoneFreeDrivers({
  polygonId,
  enabled,
  flavour,
}: {
  polygonId: number;
  enabled: boolean;
  flavour: Flavour;
}) {
  const { data, isPending, isError } = useZoneDrivers(polygonId, enabled);
  const now = useNow(30_000, enabled);
  if (isPending) return <Loader size="xs" aria-label="Se încarcă" />;
  if (isError)
    return (
      <Text size="xs" c="red.7">
        Lista nu a putut fi încărcată.
      </Text>
    );
  if (data.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid={`zone-drivers-${polygonId}-empty`}>
        Niciun {FLAVOUR_LABELS[flavour].driver.toLowerCase()} liber.
      </Text>
    );
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing={4}
      fz="xs"
      data-testid={`zone-drivers-${polygonId}`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Indicativ</Table.Th>
          <Table.Th>Liber de la</Table.Th>
          <Table.Th ta="right">Minute</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((driver) => {
          const since = driver.idle_from ? fromUtcString(driver.idle_from) : null;
          return (
            <Table.Tr key={driver.userId} data-testid={`zone-driver-${driver.userId}`}>
              <Table.Td fw={600}>{driver.indicativ ?? '—'}</Table.Td>
              <Table.Td>{since ? dayjs(since).format('HH:mm') : '—'}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {since ? Math.max(0, Math.floor((now - since.getTime()) / 60_000)) : '—'}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
