import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClickableRow } from '../ClickableRow';

export interface PickListProps<T extends { id: number; name: string }> {
  items: readonly T[];
  /** The item being edited: its row is tinted. */
  selectedId: number | null;
  onSelect: (item: T) => void;
  /** The header cells (Table.Th). */
  head: ReactNode;
  /** One item's cells (Table.Td). */
  cells: (item: T) => ReactNode;
  /** What a screen reader says for an item's row. */
  rowLabel: (item: T) => string;
  rowTestId: (item: T) => string;
  /** Instead of the table when there are no items: how to add the first. */
  emptyText: string;
  testIds: { list: string; empty: string };
}

/**
 * The dense list of a list-and-editor screen: the items by name (Romanian order), one row
 * each, picked with a click, Enter or Space.
 */
export function PickList<T extends { id: number; name: string }>({
  items,
  selectedId,
  onSelect,
  head,
  cells,
  rowLabel,
  rowTestId,
  emptyText,
  testIds,
}: PickListProps<T>) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs" data-testid={testIds.empty}>
        {emptyText}
      </Text>
    );
  }
  const sorted = [...items].sort((a, b) => a.name.localeCompare(b.name, 'ro'));
  return (
    <Table
      stickyHeader
      highlightOnHover
      verticalSpacing={4}
      horizontalSpacing={8}
      fz="xs"
      data-testid={testIds.list}
    >
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((item) => (
          <ClickableRow
            key={item.id}
            spaceOpens
            selected={item.id === selectedId}
            label={rowLabel(item)}
            onOpen={() => onSelect(item)}
            testId={rowTestId(item)}
          >
            {cells(item)}
          </ClickableRow>
        ))}
      </Table.Tbody>
    </Table>
  );
}
