import { Group, Pagination, Text } from '@mantine/core';

export interface ListPaginationProps {
  page: number;
  /** How many rows the whole list has. */
  total: number;
  perPage: number;
  onChange: (page: number) => void;
  /** '{total} în total' at the left. */
  showTotal?: boolean;
}

/** The pages of a list, shown only when there is more than one. */
export function ListPagination({ page, total, perPage, onChange, showTotal }: ListPaginationProps) {
  if (total <= perPage) return null;
  const pages = (
    <Pagination size="sm" total={Math.ceil(total / perPage)} value={page} onChange={onChange} />
  );
  if (!showTotal) return <Group justify="flex-end">{pages}</Group>;
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        {total} în total
      </Text>
      {pages}
    </Group>
  );
}
