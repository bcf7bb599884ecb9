import type { ReportOrderRowSchema } from '@common/orders/orders.schema';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatDateTime } from '../../lib/dates';

type ReportOrderRow = z.infer<typeof ReportOrderRowSchema>;

/** The recent orders' badges: Alocat, Finalizat, Anulat, and Nou for the rest. */
export function reportBadge(state: ReportOrderRow['state']): { label: string; color: string } {
  switch (state) {
    case 'assigned':
      return { label: 'Alocat', color: 'blue' };
    case 'finished':
      return { label: 'Finalizat', color: 'teal' };
    case 'canceled':
      return { label: 'Anulat', color: 'red' };
    default:
      return { label: 'Nou', color: 'gray' };
  }
}

/** The 7 most recent orders (GET /api/orders-for-report?per_page=7). */
export function RecentOrders({ rows }: { rows: readonly ReportOrderRow[] }) {
  return (
    <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="recent-orders">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nr.</Table.Th>
          <Table.Th>Data</Table.Th>
          <Table.Th>Adresă</Table.Th>
          <Table.Th>Indicativ</Table.Th>
          <Table.Th>Stare</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const badge = reportBadge(row.state);
          return (
            <Table.Tr key={row.orderId}>
              <Table.Td>
                <Anchor component={Link} to={`/operator/order/${row.orderId}`} size="sm">
                  #{row.orderId}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.orderDate)}</Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" truncate="end">
                  {row.placeName ?? 'Adresă nespecificată.'}
                </Text>
              </Table.Td>
              <Table.Td>{row.indicativ ?? '—'}</Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  variant="light"
                  color={badge.color}
                  style={{ overflow: 'visible' }}
                >
                  {badge.label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
