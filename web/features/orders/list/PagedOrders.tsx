import { Alert, Box, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Flavour } from '../../../lib/orders/labels';
import type { OrdersQuery } from '../../../lib/orders/order-keys';
import { useOrdersList } from '../../../lib/orders/use-orders-list';
import { ordersCount } from '../../../lib/plural';
import { OrderTable } from './OrderTable';

interface PagedOrdersProps {
  query: Omit<OrdersQuery, 'page' | 'per_page'>;
  perPage: number;
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
  enabled?: boolean;
  testId: string;
}

/** GET /api/orders with filters, one page at a time (order filters, per_page 15). */
export function PagedOrders({
  query,
  perPage,
  userId,
  flavour,
  onOpen,
  enabled = true,
  testId,
}: PagedOrdersProps) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(query);
  // A new filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the query.
  useEffect(() => setPage(1), [filterKey]);
  const { data, isPending, isError, error, isFetching } = useOrdersList(
    { ...query, page, per_page: perPage },
    enabled,
  );
  if (!enabled) return null;
  if (isPending) return <Loader size="sm" mx="auto" my="md" aria-label="Se încarcă" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    );
  const pages = Math.max(1, Math.ceil(data.meta.total / perPage));
  return (
    <Stack gap="xs">
      {/* 15 rows need no scroll of their own; a narrow window scrolls the table sideways. */}
      <Box style={{ overflowX: 'auto' }}>
        <OrderTable
          orders={data.data}
          userId={userId}
          flavour={flavour}
          keepOrder
          emptyText="Nimic de afișat."
          onOpen={onOpen}
          testId={testId}
        />
      </Box>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid={`${testId}-total`}>
          {ordersCount(data.meta.total)}
          {isFetching ? ' · se actualizează…' : ''}
        </Text>
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            data-testid={`${testId}-pages`}
          />
        )}
      </Group>
    </Stack>
  );
}
