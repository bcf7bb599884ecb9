import type { Stand } from '@common/zones/zones.schema';
import { Table, Text } from '@mantine/core';
import { SelectableRow } from './SelectableRow';
import { StandQueue } from './StandQueue';

interface StandListProps {
  stands: readonly Stand[];
  selectedId: number | null;
  onSelect: (stand: Stand) => void;
}

const shapeLabel = (stand: Stand) =>
  stand.paths ? 'Contur' : stand.radius !== null ? `Rază ${stand.radius} m` : '—';

/**
 * The company's taxi stands: name, shape, and the queue of free drivers in arrival order
 * (call sign · since HH:mm) under each name.
 */
export function StandList({ stands, selectedId, onSelect }: StandListProps) {
  if (stands.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs" data-testid="stands-empty">
        Nicio stație încă. Apăsați 'Stație nouă' și faceți clic pe hartă unde este.
      </Text>
    );
  }
  const sorted = [...stands].sort((a, b) => a.name.localeCompare(b.name, 'ro'));
  return (
    <Table
      stickyHeader
      highlightOnHover
      verticalSpacing={4}
      horizontalSpacing={8}
      fz="xs"
      data-testid="stands-list"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nume și coadă</Table.Th>
          <Table.Th w={96}>Formă</Table.Th>
          <Table.Th w={48} ta="right">
            Liberi
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((stand) => (
          <SelectableRow
            key={stand.id}
            selected={stand.id === selectedId}
            label={`Stația ${stand.name}`}
            onSelect={() => onSelect(stand)}
            testId={`stand-row-${stand.id}`}
          >
            <Table.Td>
              <Text size="xs" fw={500} truncate maw={210} title={stand.name}>
                {stand.name}
              </Text>
              <StandQueue queue={stand.queue} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{shapeLabel(stand)}</Table.Td>
            <Table.Td ta="right">{stand.queue.length}</Table.Td>
          </SelectableRow>
        ))}
      </Table.Tbody>
    </Table>
  );
}
