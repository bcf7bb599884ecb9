import { CancellationTypeSchema, type OrderHistoryItem } from '@common/orders/orders.schema';
import { Alert, Loader, Table, Text } from '@mantine/core';
import { formatBucharest } from '../../../lib/dates';
import { cancellationText, HISTORY_TYPE_LABELS } from '../../../lib/orders/labels';
import { useOrderHistory } from '../data/use-order';

/** A dispatcher's cancellation tells its reason (type and text) after the event's name. */
export function historyEvent(item: Pick<OrderHistoryItem, 'type' | 'details'>): string {
  const label = HISTORY_TYPE_LABELS[item.type] ?? item.type;
  if (item.type !== 'canceled' || !item.details) return label;
  const type = CancellationTypeSchema.safeParse(item.details.reason_type);
  const text = typeof item.details.reason === 'string' ? item.details.reason : null;
  // A cancel with no reason given says only that a dispatcher canceled: the initiator says it.
  if (!text && (!type.success || type.data === 'dispatcher_canceled')) return label;
  const reason = cancellationText({
    cancellation_reason_type: type.success ? type.data : null,
    cancellation_reason_text: text,
  });
  return reason ? `${label}: ${reason}` : label;
}

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
            <Table.Td data-testid={`order-history-event-${item.id}`}>{historyEvent(item)}</Table.Td>
            <Table.Td>{item.initiator}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
