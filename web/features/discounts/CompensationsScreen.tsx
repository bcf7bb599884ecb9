import { can } from '@common/auth/page-access';
import { formatRon } from '@common/lib/money';
import type { DiscountCompensationRow } from '@common/money/discounts.schema';
import { Anchor, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EntityList } from '../../components/entity-list/EntityList';
import { pagedListState } from '../../components/entity-list/paged-list-state';
import { formatDateTime } from '../../lib/dates';
import { flavourOf, orderFormPath } from '../../lib/orders/flavour';
import { useCurrentUser } from '../auth';
import { DriverSelect } from '../drivers';
import { ActingCompanySelect } from '../finances';
import { useReadsPeople } from '../users';
import { useCompensate, useCompensations } from './use-compensations';

const PER_PAGE = 30;
const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type State = 'pending' | 'done';

/** The driver as the fleet calls him: '124 · Ion Pop'. */
const driverText = (row: DiscountCompensationRow) =>
  row.indicativ ? `${row.indicativ} · ${row.driver_name}` : row.driver_name;

interface CompensationsTableProps {
  state: State;
  driverId: number | null;
  /** Administrators pay back; the rest of the fleet console reads. */
  pays: boolean;
}

/** One tab's orders, 30 a page; a pending one's 'Compensează' for administrators. */
function CompensationsTable({ state, driverId, pays }: CompensationsTableProps) {
  const [page, setPage] = useState(1);
  const user = useCurrentUser();
  const flavour = flavourOf(user);
  const list = useCompensations({
    state,
    driver_id: driverId ?? undefined,
    page,
    per_page: PER_PAGE,
  });
  const compensate = useCompensate();
  const rows = list.data?.data ?? [];
  const withButton = pays && state === 'pending';

  return (
    <EntityList
      testId={`compensations-${state}`}
      body="keep"
      compact
      {...pagedListState(list, { page, setPage }, PER_PAGE)}
      emptyText={
        state === 'pending' ? 'Nicio reducere de compensat.' : 'Nicio reducere compensată.'
      }
    >
      <Table striped verticalSpacing={6} data-testid={`compensations-${state}-table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Comanda</Table.Th>
            <Table.Th>Finalizată</Table.Th>
            <Table.Th>Șofer</Table.Th>
            <Table.Th>Reducere</Table.Th>
            <Table.Th ta="right">Tarif</Table.Th>
            <Table.Th ta="right">Reducerea</Table.Th>
            {withButton && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.order_id} data-testid={`compensation-${row.order_id}`}>
              <Table.Td style={NUMBERS}>
                <Anchor component={Link} to={orderFormPath(flavour, row.order_id)} size="sm">
                  #{row.order_id}
                </Anchor>
              </Table.Td>
              <Table.Td style={NUMBERS}>{formatDateTime(row.trip_finished_at)}</Table.Td>
              <Table.Td>{driverText(row)}</Table.Td>
              <Table.Td>{row.condition_name}</Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {row.cost === null ? '—' : formatRon(row.cost)}
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS} fw={600}>
                {formatRon(row.discount_amount)}
              </Table.Td>
              {withButton && (
                <Table.Td ta="right">
                  <Button
                    size="compact-xs"
                    loading={compensate.isPending && compensate.variables === row.order_id}
                    disabled={compensate.isPending && compensate.variables !== row.order_id}
                    onClick={() => compensate.mutate(row.order_id)}
                    data-testid={`compensate-${row.order_id}`}
                  >
                    Compensează
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}

/**
 * /finances/transfer-discount ('Transfer cu reducere'): the finished orders whose discount the
 * company pays its driver back, to pay ('De compensat') and paid ('Compensate').
 */
export function CompensationsScreen() {
  const user = useCurrentUser();
  const pays = can(user, 'administers');
  const picksDrivers = useReadsPeople();
  const [tab, setTab] = useState<State>('pending');
  const [driverId, setDriverId] = useState<number | null>(null);

  return (
    <Stack gap="sm" maw={1100} data-testid="compensations-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={4}>Transfer cu reducere</Title>
          <Text size="xs" c="dimmed">
            Reducerile pe care firma le plătește înapoi șoferilor, din comenzile finalizate.
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          <ActingCompanySelect />
          {picksDrivers && (
            <div style={{ width: 260 }}>
              <DriverSelect
                label="Șofer"
                value={driverId}
                onChange={(id) => setDriverId(id)}
                testId="compensations-driver"
              />
            </div>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => setTab(value === 'done' ? 'done' : 'pending')}>
        <Tabs.List>
          <Tabs.Tab value="pending" data-testid="compensations-tab-pending">
            De compensat
          </Tabs.Tab>
          <Tabs.Tab value="done" data-testid="compensations-tab-done">
            Compensate
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="xs">
          {tab === 'pending' && (
            <CompensationsTable
              key={driverId ?? 0}
              state="pending"
              driverId={driverId}
              pays={pays}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="done" pt="xs">
          {tab === 'done' && (
            <CompensationsTable key={driverId ?? 0} state="done" driverId={driverId} pays={pays} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
