import type { Polygon } from '@common/zones/zones.schema';
import { Table, Text } from '@mantine/core';
import { SelectableRow } from './SelectableRow';
import { cornerCount } from './zone-geometry';

interface ZoneListProps {
  zones: readonly Polygon[];
  selectedId: number | null;
  onSelect: (zone: Polygon) => void;
}

/** The company's zones, one dense row each: name, visible, priority, corners. */
export function ZoneList({ zones, selectedId, onSelect }: ZoneListProps) {
  if (zones.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs" data-testid="zones-empty">
        Nicio zonă încă. Apăsați 'Zonă nouă' și desenați-o pe hartă.
      </Text>
    );
  }
  const sorted = [...zones].sort((a, b) => a.name.localeCompare(b.name, 'ro'));
  return (
    <Table
      stickyHeader
      highlightOnHover
      verticalSpacing={4}
      horizontalSpacing={8}
      fz="xs"
      data-testid="zones-list"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nume</Table.Th>
          <Table.Th w={64}>Vizibilă</Table.Th>
          <Table.Th w={64} ta="right">
            Prioritate
          </Table.Th>
          <Table.Th w={56} ta="right">
            Colțuri
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((zone) => (
          <SelectableRow
            key={zone.id}
            selected={zone.id === selectedId}
            label={`Zona ${zone.name}`}
            onSelect={() => onSelect(zone)}
            testId={`zone-row-${zone.id}`}
          >
            <Table.Td>
              <Text size="xs" fw={500} truncate maw={190} title={zone.name}>
                {zone.name}
              </Text>
            </Table.Td>
            <Table.Td c={zone.isVisible ? undefined : 'dimmed'}>
              {zone.isVisible ? 'Da' : 'Nu'}
            </Table.Td>
            <Table.Td ta="right">{zone.priority}</Table.Td>
            <Table.Td ta="right">{cornerCount(zone.paths)}</Table.Td>
          </SelectableRow>
        ))}
      </Table.Tbody>
    </Table>
  );
}
