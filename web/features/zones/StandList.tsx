import type { Stand } from '@common/zones/zones.schema';
import { Table, Text } from '@mantine/core';
import { PickList } from '../../components/editor/PickList';
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
  return (
    <PickList
      items={stands}
      selectedId={selectedId}
      onSelect={onSelect}
      emptyText="Nicio stație încă. Apăsați 'Stație nouă' și faceți clic pe hartă unde este."
      testIds={{ list: 'stands-list', empty: 'stands-empty' }}
      rowLabel={(stand) => `Stația ${stand.name}`}
      rowTestId={(stand) => `stand-row-${stand.id}`}
      head={
        <>
          <Table.Th>Nume și coadă</Table.Th>
          <Table.Th w={96}>Formă</Table.Th>
          <Table.Th w={48} ta="right">
            Liberi
          </Table.Th>
        </>
      }
      cells={(stand) => (
        <>
          <Table.Td>
            <Text size="xs" fw={500} truncate maw={210} title={stand.name}>
              {stand.name}
            </Text>
            <StandQueue queue={stand.queue} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{shapeLabel(stand)}</Table.Td>
          <Table.Td ta="right">{stand.queue.length}</Table.Td>
        </>
      )}
    />
  );
}
