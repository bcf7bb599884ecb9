import { ORDER_STATE_LABELS } from '@common/orders/orders.rules';
import { Alert, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { CLIENT_HISTORY_ROWS, clientHistoryWindow, useClientOrders } from './use-client-orders';

interface ClientOrdersTableProps {
  clientId: number;
  onOpen?: (id: number) => void;
}

/** A client's past orders, 15 rows a page out of 30-order fetches. */
export function ClientOrdersTable({ clientId, onOpen }: ClientOrdersTableProps) {
  const [page, setPage] = useState(1);
  const { serverPage, offset } = clientHistoryWindow(page);
  const { data, isPending, isError, error } = useClientOrders(clientId, serverPage);
  if (isPending) return <Loader size="sm" mx="auto" my="md" aria-label="Se încarcă" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    );
  const rows = data.data.slice(offset, offset + CLIENT_HISTORY_ROWS);
  const pages = Math.max(1, Math.ceil(data.meta.total / CLIENT_HISTORY_ROWS));
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        Nimic de afișat.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table data-testid="client-orders-table" highlightOnHover={Boolean(onOpen)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Adresă</Table.Th>
            <Table.Th>Stare</Table.Th>
            <Table.Th>Indicativ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((order) => (
            <Table.Tr
              key={order.id}
              data-testid={`client-order-${order.id}`}
              style={onOpen ? { cursor: 'pointer' } : undefined}
              onClick={onOpen ? () => onOpen(order.id) : undefined}
            >
              <Table.Td>{order.id}</Table.Td>
              <Table.Td>{formatDateTime(order.created_at)}</Table.Td>
              <Table.Td>{order.address ?? order.places[0]?.name ?? '—'}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light">
                  {ORDER_STATE_LABELS[order.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{order.car_indicativ ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            data-testid="client-orders-pages"
          />
        </Group>
      )}
    </Stack>
  );
}
