import type { Polygon } from '@common/zones/zones.schema';
import { Table, Text } from '@mantine/core';
import { PickList } from '../../components/editor/PickList';
import { cornerCount } from './zone-geometry';

interface ZoneListProps {
  zones: readonly Polygon[];
  selectedId: number | null;
  onSelect: (zone: Polygon) => void;
}

/** The company's zones, one dense row each: name, visible, priority, corners. */
export function ZoneList({ zones, selectedId, onSelect }: ZoneListProps) {
  return (
    <PickList
      items={zones}
      selectedId={selectedId}
      onSelect={onSelect}
      emptyText="Nicio zonă încă. Apăsați 'Zonă nouă' și desenați-o pe hartă."
      testIds={{ list: 'zones-list', empty: 'zones-empty' }}
      rowLabel={(zone) => `Zona ${zone.name}`}
      rowTestId={(zone) => `zone-row-${zone.id}`}
      head={
        <>
          <Table.Th>Nume</Table.Th>
          <Table.Th w={64}>Vizibilă</Table.Th>
          <Table.Th w={64} ta="right">
            Prioritate
          </Table.Th>
          <Table.Th w={56} ta="right">
            Colțuri
          </Table.Th>
        </>
      }
      cells={(zone) => (
        <>
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
        </>
      )}
    />
  );
}
