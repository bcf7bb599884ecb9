import {
  archiveAnnouncement,
  createAnnouncement,
  createIncident,
  getCommonStatistics,
  getOrdersChart,
  listAnnouncements,
  listIncidents,
  resolveIncident,
} from '@common/dashboard/dashboard.api';
import type {
  AnnouncementBody,
  ChartRange,
  IncidentBody,
} from '@common/dashboard/dashboard.schema';
import { listOrdersForReport } from '@common/orders/orders.api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';

/** The common statistics refresh every 30 s; the dashboard's other parts with them. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The 7 most recent orders. */
export const RECENT_ORDERS = 7;

const STATISTICS_KEY = ['statistics', 'common'] as const;
const ANNOUNCEMENTS_KEY = ['announcements'] as const;
const INCIDENTS_KEY = ['incidents'] as const;

/** GET /api/statistics/common. */
export function useCommonStatistics() {
  return useQuery({
    queryKey: STATISTICS_KEY,
    queryFn: ({ signal }) => apiWith(getCommonStatistics, { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** The chart's points for a range; the previous range stays drawn while the next one loads. */
export function useOrdersChart(range: ChartRange) {
  return useQuery({
    queryKey: ['statistics', 'orders-chart', range],
    queryFn: ({ signal }) => apiWith(getOrdersChart, { signal }, { query: { range } }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** GET /api/orders-for-report?per_page=7. */
export function useRecentOrders() {
  return useQuery({
    queryKey: ['orders-for-report', RECENT_ORDERS],
    queryFn: ({ signal }) =>
      apiWith(listOrdersForReport, { signal }, { query: { per_page: RECENT_ORDERS } }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useAnnouncements() {
  return useQuery({
    queryKey: ANNOUNCEMENTS_KEY,
    queryFn: ({ signal }) => apiWith(listAnnouncements, { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useIncidents() {
  return useQuery({
    queryKey: INCIDENTS_KEY,
    queryFn: ({ signal }) => apiWith(listIncidents, { signal }, { query: { state: 'open' } }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** A note written or settled changes its list and the counters at once. */
function useRefreshAfter(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: STATISTICS_KEY });
  };
}

export function useCreateAnnouncement() {
  const onSuccess = useRefreshAfter(ANNOUNCEMENTS_KEY);
  return useMutation({
    mutationFn: (body: AnnouncementBody) => api(createAnnouncement, { body }),
    onSuccess,
  });
}

export function useArchiveAnnouncement() {
  const onSuccess = useRefreshAfter(ANNOUNCEMENTS_KEY);
  return useMutation({
    mutationFn: (id: number) => api(archiveAnnouncement, { params: { id } }),
    onSuccess,
  });
}

export function useCreateIncident() {
  const onSuccess = useRefreshAfter(INCIDENTS_KEY);
  return useMutation({
    mutationFn: (body: IncidentBody) => api(createIncident, { body }),
    onSuccess,
  });
}

export function useResolveIncident() {
  const onSuccess = useRefreshAfter(INCIDENTS_KEY);
  return useMutation({
    mutationFn: (id: number) => api(resolveIncident, { params: { id } }),
    onSuccess,
  });
}
