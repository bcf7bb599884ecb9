import { getDriverReport } from '@common/driver-reports/driver-reports.api';
import { DRIVER_ORDERS_PER_PAGE } from '@common/driver-reports/driver-reports.schema';
import { Alert, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiWith, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { TripsTable } from '../orders/TripsTable';

/**
 * /driver/reports/{token}: the trips of the driver the link was made for, 30 a page,
 * with his name and call sign and nothing else. A link revoked, expired or never made says so.
 */
export function DriverReport({ token }: { token: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['driver-report', token, page],
    queryFn: ({ signal }) =>
      apiWith(getDriverReport, { signal }, { params: { token }, query: { page } }),
    placeholderData: keepPreviousData,
    // A 404 is the answer, not a hiccup: asking again would not change it.
    retry: (count, failure) => !(isApiError(failure) && failure.status < 500) && count < 2,
  });

  if (isPending) return <Loader size="sm" my="xl" mx="auto" aria-label="Se încarcă" />;
  if (isError)
    return (
      <Alert color="red" variant="light" title="Link nevalid" data-testid="driver-report-error">
        {error.message}
      </Alert>
    );
  const { driver, trips, expires_at } = data;
  const pages = Math.max(1, Math.ceil(trips.meta.total / DRIVER_ORDERS_PER_PAGE));
  return (
    <Stack gap="sm" data-testid="driver-report">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} data-testid="driver-report-driver">
            {driver.indicativ ? `${driver.indicativ} · ${driver.name}` : driver.name}
          </Title>
          <Text size="sm" c="dimmed">
            Istoricul curselor · {trips.meta.total} {trips.meta.total === 1 ? 'cursă' : 'curse'}
          </Text>
        </div>
        <Text size="sm" c="dimmed">
          Link valabil până la {formatDateTime(expires_at)}
        </Text>
      </Group>
      {trips.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          Nicio cursă.
        </Text>
      ) : (
        <TripsTable trips={trips.data} testId="driver-report-trips" />
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
