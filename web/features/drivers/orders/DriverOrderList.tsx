import { listDriverOrders } from '@common/driver-reports/driver-reports.api';
import { DRIVER_ORDERS_PER_PAGE } from '@common/driver-reports/driver-reports.schema';
import { PAYMENT_TYPES, type PaymentType } from '@common/orders/orders.schema';
import { Alert, Group, Loader, Pagination, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiWith } from '../../../lib/api-client';
import { PAYMENT_TYPE_LABELS } from '../../orders/labels';
import { TripsTable } from './TripsTable';

const PAYMENT_OPTIONS = PAYMENT_TYPES.map((value) => ({
  value,
  label: PAYMENT_TYPE_LABELS[value],
}));
const PAID_OPTIONS = [
  { value: 'true', label: 'Achitate' },
  { value: 'false', label: 'Neachitate' },
];

/**
 * SPEC §2 Other screens "Driver order list" for the driver edit page (/user/{id}/driver): his
 * trips newest first, filtered by payment type and payment status, 30 a page (SPEC §9).
 */
export function DriverOrderList({ driverId }: { driverId: number }) {
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [isPaid, setIsPaid] = useState<'true' | 'false' | null>(null);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isFetching } = useQuery({
    queryKey: ['drivers', driverId, 'orders', paymentType, isPaid, page],
    queryFn: ({ signal }) =>
      apiWith(
        listDriverOrders,
        { signal },
        {
          params: { id: driverId },
          query: { payment_type: paymentType ?? undefined, is_paid: isPaid ?? undefined, page },
        },
      ),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / DRIVER_ORDERS_PER_PAGE)) : 1;

  return (
    <Stack gap="xs" data-testid="driver-order-list">
      <Group gap="sm" align="flex-end">
        <Select
          label="Tip plată"
          placeholder="Toate"
          clearable
          data={PAYMENT_OPTIONS}
          value={paymentType}
          onChange={(value) => {
            setPaymentType(value as PaymentType | null);
            setPage(1);
          }}
          w={180}
          data-testid="driver-orders-payment-type"
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Stare plată"
          placeholder="Toate"
          clearable
          data={PAID_OPTIONS}
          value={isPaid}
          onChange={(value) => {
            setIsPaid(value as 'true' | 'false' | null);
            setPage(1);
          }}
          w={180}
          data-testid="driver-orders-paid"
          comboboxProps={{ withinPortal: false }}
        />
        {data && (
          <Text size="sm" c="dimmed" pb={6} data-testid="driver-orders-total">
            {data.meta.total} {data.meta.total === 1 ? 'cursă' : 'curse'}
          </Text>
        )}
        {isFetching && <Loader size="xs" mb={8} aria-label="Se încarcă" />}
      </Group>
      {isPending ? (
        <Loader size="sm" my="md" aria-label="Se încarcă" />
      ) : isError ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : data.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          Nicio cursă.
        </Text>
      ) : (
        <TripsTable trips={data.data} testId="driver-orders-table" />
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
