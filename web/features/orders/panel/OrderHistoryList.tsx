import { Alert, Loader, Table, Text } from '@mantine/core';
import { formatBucharest } from '../../../lib/dates';
import { HISTORY_TYPE_LABELS } from '../../../lib/orders/labels';
import { useOrderHistory } from '../data/use-order';

/** Order history items: type, initiator and time (Bucharest, DD.MM.YYYY HH:mm). */
export function OrderHistoryList({ orderId }: { orderId: number }) {
  const { data, isPending, isError, error } = useOrderHistory(orderId);
  if (isPending) return <Loader size="sm" mx="auto" my="md" aria-label="Se încarcă" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    );
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        Nimic de afișat.
      </Text>
    );
  }
  return (
    <Table data-testid="order-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Ora</Table.Th>
          <Table.Th>Eveniment</Table.Th>
          <Table.Th>Inițiator</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((item) => (
          <Table.Tr key={item.id} data-testid={`order-history-${item.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBucharest(item.timestamp)}</Table.Td>
            <Table.Td>{HISTORY_TYPE_LABELS[item.type] ?? item.type}</Table.Td>
            <Table.Td>{item.initiator}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
