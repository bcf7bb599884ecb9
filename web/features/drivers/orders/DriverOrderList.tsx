import { listDriverOrders } from '@common/driver-reports/driver-reports.api';
import { DRIVER_ORDERS_PER_PAGE } from '@common/driver-reports/driver-reports.schema';
import { PAYMENT_TYPES, type PaymentType } from '@common/orders/orders.schema';
import { Select, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EntityList } from '../../../components/entity-list/EntityList';
import { useListPaging } from '../../../components/entity-list/use-list-paging';
import { apiWith } from '../../../lib/api-client';
import { PAYMENT_TYPE_LABELS } from '../../../lib/orders/labels';
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
 * The driver's trips on his edit page (/user/{id}/driver): newest first, filtered by payment
 * type and payment status, 30 a page.
 */
export function DriverOrderList({ driverId }: { driverId: number }) {
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [isPaid, setIsPaid] = useState<'true' | 'false' | null>(null);
  // No search field here: only the page, which each filter sends back to 1.
  const { page, setPage, firstPage } = useListPaging(0);
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

  return (
    <EntityList
      testId="driver-order-list"
      compact
      filters={
        <>
          <Select
            label="Tip plată"
            placeholder="Toate"
            clearable
            data={PAYMENT_OPTIONS}
            value={paymentType}
            onChange={firstPage((value: string | null) =>
              setPaymentType(value as PaymentType | null),
            )}
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
            onChange={firstPage((value: string | null) =>
              setIsPaid(value as 'true' | 'false' | null),
            )}
            w={180}
            data-testid="driver-orders-paid"
            comboboxProps={{ withinPortal: false }}
          />
          {data && (
            <Text size="sm" c="dimmed" pb={6} data-testid="driver-orders-total">
              {data.meta.total} {data.meta.total === 1 ? 'cursă' : 'curse'}
            </Text>
          )}
        </>
      }
      isPending={isPending}
      isFetching={isFetching}
      error={isError ? error.message : null}
      isEmpty={(data?.data.length ?? 0) === 0}
      emptyText="Nicio cursă."
      pagination={{
        page,
        total: data?.meta.total ?? 0,
        perPage: DRIVER_ORDERS_PER_PAGE,
        onChange: setPage,
      }}
    >
      <TripsTable trips={data?.data ?? []} testId="driver-orders-table" />
    </EntityList>
  );
}
