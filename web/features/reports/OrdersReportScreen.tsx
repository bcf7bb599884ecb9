import { formatRon } from '@common/lib/money';
import { ORDER_SOURCES } from '@common/orders/orders.schema';
import { exportOrdersReport } from '@common/reports/orders-report.api';
import type { OrdersReportTotals, ReportSort } from '@common/reports/orders-report.schema';
import { Anchor, Badge, Button, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DownloadButtons } from '../../components/DownloadButtons';
import { EntityList } from '../../components/entity-list/EntityList';
import { downloadFile } from '../../lib/api-client';
import { formatBucharest, formatElapsed } from '../../lib/dates';
import { flavourOf, orderFormPath } from '../../lib/orders/flavour';
import {
  ORDER_STATE_COLORS,
  ORDER_STATE_LABELS,
  PAYMENT_TYPE_LABELS,
  SOURCE_LABELS,
} from '../../lib/orders/labels';
import { apiErrorMessages } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import { EMPTY_FILTERS, OrderFilterFields } from '../orders';
import { paramsOf, type ReportView, reportFilters, viewOf } from './orders-report-query';
import { SortHeader } from './SortHeader';
import { useOrdersReport } from './use-orders-report';

const PER_PAGE = 15;
const NUMERALS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const sourceOptions = ORDER_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));
const seconds = (value: number | null) => (value === null ? '—' : formatElapsed(value));

function TotalsLine({ totals }: { totals: OrdersReportTotals }) {
  return (
    <Text size="sm" data-testid="report-totals">
      <b>{totals.orders}</b> comenzi · {totals.finished} finalizate · {totals.canceled} anulate ·
      tarif curse finalizate <b style={NUMERALS}>{formatRon(totals.fare)}</b>
    </Text>
  );
}

/**
 * /reports/orders ('Raport comenzi'): the orders a person's console shows with every order
 * filter and the source, sortable by each measure, 15 a page, the totals of the whole filtered
 * set, and the same rows as XLSX or CSV. The view lives in the URL, so it can be shared.
 */
export function OrdersReportScreen() {
  const flavour = flavourOf(useCurrentUser());
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const [draft, setDraft] = useState({ filters: view.filters, source: view.source });
  const report = useOrdersReport({ ...reportFilters(view), page: view.page, per_page: PER_PAGE });
  const rows = report.data?.data ?? [];

  const show = (next: Partial<ReportView>) =>
    setParams(paramsOf({ ...view, page: 1, ...next }), { replace: true });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    show({ filters: draft.filters, source: draft.source });
  };
  const sortBy = (sort: ReportSort, dir: 'asc' | 'desc') => show({ sort, dir });
  const heading = (label: string, sort: ReportSort, right?: boolean) => (
    <SortHeader
      label={label}
      sort={sort}
      current={view.sort}
      dir={view.dir}
      onSort={sortBy}
      right={right}
    />
  );

  return (
    <EntityList
      testId="orders-report"
      title="Raport comenzi"
      actions={
        <DownloadButtons
          testId="report-download"
          download={(format) =>
            downloadFile(exportOrdersReport, { query: { ...reportFilters(view), format } })
          }
        />
      }
      filters={
        <form onSubmit={apply} style={{ width: '100%' }} data-testid="report-filters">
          <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="xs">
            <OrderFilterFields
              value={draft.filters}
              onChange={(filters) => setDraft((d) => ({ ...d, filters }))}
              flavour={flavour}
            />
            <Select
              label="Sursă"
              clearable
              data={sourceOptions}
              value={draft.source}
              onChange={(value) =>
                setDraft((d) => ({
                  ...d,
                  source: value === 'from_call' || value === 'from_app' ? value : null,
                }))
              }
              data-testid="report-source"
            />
            <Group align="flex-end" gap="xs">
              <Button type="submit" data-testid="report-apply">
                Aplică
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft({ filters: EMPTY_FILTERS, source: null });
                  show({ filters: EMPTY_FILTERS, source: null });
                }}
              >
                Resetează
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      }
      body="keep"
      isPending={report.isPending}
      isFetching={report.isFetching}
      error={report.isError ? apiErrorMessages(report.error).join(' ') : null}
      isEmpty={rows.length === 0}
      emptyText="Nicio comandă pentru filtrele alese."
      pagination={{
        page: view.page,
        total: report.data?.meta.total ?? 0,
        perPage: PER_PAGE,
        onChange: (page) => show({ page }),
        showTotal: true,
      }}
    >
      {report.data && <TotalsLine totals={report.data.totals} />}
      <Table striped highlightOnHover verticalSpacing={4} data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {heading('Comanda', 'orderId')}
            {heading('Data', 'orderDate')}
            {heading('Apel', 'callDuration', true)}
            <Table.Th>Adresa</Table.Th>
            <Table.Th>Client</Table.Th>
            {heading('Stare', 'state')}
            {heading('Indicativ', 'indicativ')}
            {heading('Tarif', 'fare', true)}
            <Table.Th>Plată</Table.Th>
            <Table.Th>Dispecer</Table.Th>
            <Table.Th>Sursă</Table.Th>
            {heading('Alocare', 'time_to_assign', true)}
            {heading('Preluare', 'time_to_pickup', true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.orderId} data-testid={`report-row-${row.orderId}`}>
              <Table.Td>
                <Anchor component={Link} to={orderFormPath(flavour, row.orderId)} size="sm">
                  #{row.orderId}
                </Anchor>
              </Table.Td>
              <Table.Td style={NUMERALS}>{formatBucharest(row.orderDate)}</Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {seconds(row.callDuration)}
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" truncate="end" title={row.placeName ?? undefined}>
                  {row.placeName ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" span>
                  {row.client_name ?? '—'}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  {row.phone}
                </Text>
              </Table.Td>
              <Table.Td miw={96}>
                <Badge
                  size="sm"
                  radius="sm"
                  tt="none"
                  variant="light"
                  color={ORDER_STATE_COLORS[row.state]}
                >
                  {ORDER_STATE_LABELS[row.state]}
                </Badge>
              </Table.Td>
              <Table.Td fw={600}>{row.indicativ ?? '—'}</Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {row.fare === null ? '—' : formatRon(row.fare)}
              </Table.Td>
              <Table.Td>{PAYMENT_TYPE_LABELS[row.payment_type]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.dispatcher ?? '—'}</Table.Td>
              <Table.Td>{SOURCE_LABELS[row.source]}</Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {seconds(row.time_to_assign)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {seconds(row.time_to_pickup)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}
