import { Alert, Group, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPagination, type ListPaginationProps } from './ListPagination';

export interface EntityListProps {
  testId: string;
  /** The heading; none for a list inside a section of a page. */
  title?: string;
  titleOrder?: 3 | 4;
  /** Beside the title, e.g. the count. */
  titleAside?: ReactNode;
  /** The heading row's right side: search, filters and 'Adaugă' when they fit there. */
  actions?: ReactNode;
  headerAlign?: 'center' | 'flex-end';
  /** A row of its own under the heading: search and filters. */
  filters?: ReactNode;
  /** The first read is on its way (nothing to show yet). */
  isPending: boolean;
  /** Any read is on its way: a small loader by the title (or ending the filters row). */
  isFetching: boolean;
  /** The failed read's message, or null. */
  error: string | null;
  isEmpty: boolean;
  emptyText: ReactNode;
  /**
   * 'swap': a loader, the error or the empty text stand in the table's place. 'keep': the table
   * (its header row) always shows, the error above it and the empty text centred under it.
   */
  body?: 'swap' | 'keep';
  /** Tighter gaps, for a list that is one section of a page. */
  compact?: boolean;
  p?: MantineSpacing;
  pagination: ListPaginationProps;
  /** The table of the page's rows. */
  children: ReactNode;
}

const fetchingLoader = (mb?: number) => <Loader size="xs" mb={mb} aria-label="Se încarcă" />;

/**
 * The frame of a searchable, paged list screen (cars, users, devices, a driver's trips): the
 * heading with its actions, the filters, the loading / error / empty states around the table,
 * and the pages under it.
 */
export function EntityList({
  testId,
  title,
  titleOrder = 4,
  titleAside,
  actions,
  headerAlign,
  filters,
  isPending,
  isFetching,
  error,
  isEmpty,
  emptyText,
  body = 'swap',
  compact,
  p,
  pagination,
  children,
}: EntityListProps) {
  const errorAlert = error !== null && (
    <Alert color="red" variant="light">
      {error}
    </Alert>
  );
  return (
    <Stack gap={compact ? 'xs' : 'sm'} p={p} data-testid={testId}>
      {title !== undefined && (
        <Group justify="space-between" align={headerAlign}>
          <Group gap="sm" align={headerAlign}>
            <Title order={titleOrder}>{title}</Title>
            {titleAside}
            {isFetching && fetchingLoader()}
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      )}
      {filters && (
        <Group gap="sm" align="flex-end">
          {filters}
          {/* Without a heading the loader ends this row, on the fields' baseline. */}
          {title === undefined && isFetching && fetchingLoader(8)}
        </Group>
      )}
      {body === 'keep' ? (
        <>
          {errorAlert}
          {children}
          {!isPending && isEmpty && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {emptyText}
            </Text>
          )}
        </>
      ) : isPending ? (
        <Loader size="sm" my="md" aria-label="Se încarcă" />
      ) : (
        errorAlert ||
        (isEmpty ? (
          <Text size="sm" c="dimmed" py={compact ? 'sm' : 'md'}>
            {emptyText}
          </Text>
        ) : (
          children
        ))
      )}
      <ListPagination {...pagination} />
    </Stack>
  );
}
