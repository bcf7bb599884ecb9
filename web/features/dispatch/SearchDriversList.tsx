import type { DriverSearch } from '@common/dispatch/dispatch.schema';
import { Alert, Table, Text } from '@mantine/core';
import { formatDistance } from './trace-format';

/** What the driver did with the offer, in one word: the latest of viewed, accepted, refused. */
function Answer({ row }: { row: DriverSearch['drivers'][number] }) {
  const [text, color] = row.accepted
    ? ['✓ acceptat', 'green.8']
    : row.refused
      ? ['✕ refuzat', 'red.7']
      : row.viewed
        ? ['văzut', 'blue.7']
        : ['—', 'dimmed'];
  return (
    <Text component="span" size="xs" c={color} fw={row.accepted || row.refused ? 700 : 400}>
      {text}
    </Text>
  );
}

/**
 * Driver search panel: the drivers the search offered the order to,
 * with their distance and what each did (viewed, accepted, refused: one 'Răspuns' column, where
 * three tick columns crowded their headers together in the order screen's narrow panel),
 * nearest step first.
 */
export function SearchDriversList({
  search,
  error,
}: {
  search: DriverSearch | undefined;
  error: Error | null;
}) {
  if (error)
    return (
      <Alert color="red" variant="light" p={6} data-testid="search-drivers-error">
        <Text size="xs">{error.message}</Text>
      </Alert>
    );
  if (!search) return null;
  if (search.drivers.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="search-drivers-empty">
        Încă niciun șofer notificat.
      </Text>
    );
  const rows = [...search.drivers].sort(
    (a, b) => b.step - a.step || (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity),
  );
  return (
    <Table
      verticalSpacing={2}
      horizontalSpacing={6}
      fz="sm"
      layout="fixed"
      data-testid="search-drivers"
      data-count={rows.length}
    >
      <Table.Thead fz="xs">
        <Table.Tr>
          <Table.Th w={62}>Indicativ</Table.Th>
          <Table.Th>Nume</Table.Th>
          <Table.Th w={64} ta="right">
            Distanță
          </Table.Th>
          <Table.Th w={84}>Răspuns</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={row.driver.id}
            data-testid={`search-driver-${row.driver.id}`}
            data-viewed={row.viewed}
            data-accepted={row.accepted}
            data-refused={row.refused}
          >
            <Table.Td fw={700}>{row.driver.indicativ ?? '—'}</Table.Td>
            <Table.Td>
              <Text size="sm" truncate title={row.driver.name}>
                {row.driver.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatDistance(row.distance_m) ?? '—'}
            </Table.Td>
            <Table.Td>
              <Answer row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
