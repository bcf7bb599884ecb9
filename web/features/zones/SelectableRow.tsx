import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface SelectableRowProps {
  selected: boolean;
  /** What a screen reader says for the row. */
  label: string;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}

/** A list row picked with a click, or with Enter or Space once focused (Tab moves between rows). */
export function SelectableRow({ selected, label, onSelect, testId, children }: SelectableRowProps) {
  return (
    <Table.Tr
      tabIndex={0}
      aria-label={label}
      aria-selected={selected}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ cursor: 'pointer' }}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onSelect();
      }}
      data-testid={testId}
    >
      {children}
    </Table.Tr>
  );
}
