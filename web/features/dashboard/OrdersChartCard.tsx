import '@mantine/charts/styles.css';
import { CHART_RANGES, type ChartRange } from '@common/dashboard/dashboard.schema';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ordersCount } from '../../lib/plural';
import { chartRows, RANGE_LABELS } from './chart-labels';
import { useOrdersChart } from './use-dashboard';

const isRange = (value: string): value is ChartRange =>
  (CHART_RANGES as readonly string[]).includes(value);

const SERIES = [
  { name: 'Online', color: 'teal.6' },
  { name: 'Telefon', color: 'indigo.6' },
];

/** Area chart of online versus phone orders, with its range buttons. */
export function OrdersChartCard({ height }: { height: number }) {
  const [range, setRange] = useState<ChartRange>('1m');
  const chart = useOrdersChart(range);
  const rows = useMemo(() => (chart.data ? chartRows(chart.data) : []), [chart.data]);
  const total = rows.reduce((sum, row) => sum + row.Online + row.Telefon, 0);

  return (
    <Paper withBorder p="sm" radius="md" h="100%">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            Comenzi online și telefonice
          </Text>
          <Text size="xs" c="dimmed" data-testid="chart-summary">
            {chart.data
              ? `${ordersCount(total)} · ${rows[0]?.label ?? ''} – ${rows.at(-1)?.label ?? ''}`
              : ' '}
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => isRange(value) && setRange(value)}
          data={[...RANGE_LABELS]}
          aria-label="Perioada graficului"
        />
      </Group>
      {chart.isError ? (
        <Text size="sm" c="red" h={height}>
          Graficul nu a putut fi încărcat.
        </Text>
      ) : chart.data ? (
        <AreaChart
          h={height}
          data={rows}
          dataKey="label"
          series={SERIES}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'top', height: 28 }}
          withDots={rows.length <= 40}
          tickLine="none"
          gridAxis="y"
          fillOpacity={0.25}
          data-testid="orders-chart"
          data-range={chart.data.range}
          data-granularity={chart.data.granularity}
          data-points={rows.length}
        />
      ) : (
        <Skeleton h={height} />
      )}
    </Paper>
  );
}
