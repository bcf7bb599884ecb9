import type { ReportSort } from '@common/reports/orders-report.schema';
import { Table, UnstyledButton } from '@mantine/core';

/** A column heading that sorts by it: a first click newest/largest first, again the reverse. */
export function SortHeader({
  label,
  sort,
  current,
  dir,
  onSort,
  right,
}: {
  label: string;
  sort: ReportSort;
  current: ReportSort;
  dir: 'asc' | 'desc';
  onSort: (sort: ReportSort, dir: 'asc' | 'desc') => void;
  right?: boolean;
}) {
  const active = sort === current;
  return (
    <Table.Th
      ta={right ? 'right' : undefined}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        fz="sm"
        fw={700}
        onClick={() => onSort(sort, active && dir === 'desc' ? 'asc' : 'desc')}
        data-testid={`sort-${sort}`}
      >
        {label}
        {active ? (dir === 'asc' ? ' ↑' : ' ↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
