import { getOrdersReport } from '@common/reports/orders-report.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiWith } from '../../lib/api-client';

type Query = z.input<typeof getOrdersReport.query>;

/** GET /api/reports/orders: the page stays shown while the next one loads. */
export function useOrdersReport(query: Query) {
  return useQuery({
    queryKey: ['reports', 'orders', query],
    queryFn: ({ signal }) => apiWith(getOrdersReport, { signal }, { query }),
    placeholderData: keepPreviousData,
  });
}
