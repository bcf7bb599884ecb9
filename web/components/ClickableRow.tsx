import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ClickableRowProps {
  onOpen: () => void;
  testId: string;
  /** Space opens too (pick lists, where Space selects like a list box). */
  spaceOpens?: boolean;
  /** A pick list's current row: tinted and marked selected for screen readers. */
  selected?: boolean;
  /** What a screen reader says for the row. */
  label?: string;
  children: ReactNode;
}

/** A table row opened with a click, or with Enter once focused (Tab moves between rows). */
export function ClickableRow({
  onOpen,
  testId,
  spaceOpens,
  selected,
  label,
  children,
}: ClickableRowProps) {
  return (
    <Table.Tr
      tabIndex={0}
      aria-label={label}
      aria-selected={selected}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && !(spaceOpens && event.key === ' ')) return;
        event.preventDefault();
        onOpen();
      }}
      data-testid={testId}
    >
      {children}
    </Table.Tr>
  );
}
