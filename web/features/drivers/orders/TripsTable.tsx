import type { DriverTrip } from '@common/driver-reports/driver-reports.schema';
import { formatRon } from '@common/lib/money';
import { placeLabel } from '@common/orders/orders.rules';
import { Badge, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import {
  ORDER_STATE_COLORS,
  ORDER_STATE_LABELS,
  PAYMENT_TYPE_LABELS,
} from '../../../lib/orders/labels';

/** 'A: Strada X → B: Strada Y' (places A, B, C …). */
export const routeText = (places: readonly string[]) =>
  places.length === 0 ? '—' : places.map((name, i) => `${placeLabel(i)}: ${name}`).join(' → ');

/**
 * A driver's trips (driver order list): date (DD.MM.YYYY HH:mm), route, state, cost,
 * payment type and whether it is paid. The admin list and the public report show the same rows.
 */
export function TripsTable({ trips, testId }: { trips: DriverTrip[]; testId: string }) {
  return (
    <Table striped verticalSpacing={6} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Data</Table.Th>
          <Table.Th>Traseu</Table.Th>
          <Table.Th>Stare</Table.Th>
          <Table.Th ta="right">Cost</Table.Th>
          <Table.Th>Plată</Table.Th>
          <Table.Th>Achitată</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trips.map((trip) => (
          <Table.Tr key={trip.id} data-testid={`trip-${trip.id}`}>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{trip.id}</Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatDateTime(trip.created_at)}
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {routeText(trip.places)}
              </Text>
            </Table.Td>
            <Table.Td>
              {/* max-content: a wide route column must not cut the state to 'FINALI…'. */}
              <Badge
                size="sm"
                variant="light"
                color={ORDER_STATE_COLORS[trip.state]}
                style={{ minWidth: 'max-content' }}
              >
                {ORDER_STATE_LABELS[trip.state]}
              </Badge>
            </Table.Td>
            <Table.Td
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {trip.cost === null ? '—' : formatRon(trip.cost)}
            </Table.Td>
            <Table.Td>{PAYMENT_TYPE_LABELS[trip.payment_type]}</Table.Td>
            <Table.Td>
              {trip.is_paid ? (
                <Badge size="sm" variant="light" color="green">
                  Da
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color="gray">
                  Nu
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
