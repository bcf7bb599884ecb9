import { Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../auth';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { CoverageMapCard } from './CoverageMapCard';
import { IncidentsPanel } from './IncidentsPanel';
import { RecentOrders } from './RecentOrders';
import { RockPaperScissors } from './RockPaperScissors';
import { StatCards } from './StatCards';
import { useCommonStatistics, useRecentOrders } from './use-dashboard';
import { canReportIncident } from './writers';

// The charting library (recharts) is its own chunk, fetched after the page shows.
const OrdersChartCard = lazy(() =>
  import('./OrdersChartCard').then((module) => ({ default: module.OrdersChartCard })),
);

const CHART_HEIGHT = 220;
const PANEL_HEIGHT = 250;

function RecentOrdersCard() {
  const recent = useRecentOrders();
  return (
    <Paper withBorder p="sm" radius="md" h="100%">
      <Text fw={600} size="sm" mb="xs">
        Comenzi recente
      </Text>
      {recent.isError ? (
        <Text size="sm" c="red">
          Comenzile nu au putut fi citite.
        </Text>
      ) : !recent.data ? (
        <Skeleton h={160} />
      ) : recent.data.data.length === 0 ? (
        <RockPaperScissors />
      ) : (
        <RecentOrders rows={recent.data.data} />
      )}
    </Paper>
  );
}

/**
 * The admin dashboard: the six counts (every 30 s), the chart of online versus
 * phone orders, the coverage-zone map, the 7 most recent orders (or the mini game when there are
 * none), and the company's announcements and open incidents.
 */
export function Dashboard() {
  const user = useCurrentUser();
  const stats = useCommonStatistics();
  const canWrite = canReportIncident(user);

  if (isApiError(stats.error) && stats.error.status === 403) {
    return (
      <Text c="dimmed" p="md">
        Dashboard-ul este pentru dispecerat și administratori.
      </Text>
    );
  }

  return (
    <Stack gap="sm" p="md" data-testid="dashboard">
      <StatCards stats={stats.data} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Suspense fallback={<Skeleton h={CHART_HEIGHT + 70} radius="md" />}>
            <OrdersChartCard height={CHART_HEIGHT} />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CoverageMapCard height={CHART_HEIGHT + 28} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RecentOrdersCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <AnnouncementsPanel canWrite={canWrite} height={PANEL_HEIGHT} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <IncidentsPanel canWrite={canWrite} height={PANEL_HEIGHT} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
