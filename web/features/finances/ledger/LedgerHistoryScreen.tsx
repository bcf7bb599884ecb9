import { exportLedgerEntries } from '@common/money/ledger.api';
import { LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerKind } from '@common/money/ledger.schema';
import { Anchor, Select, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField';
import { DownloadButtons } from '../../../components/DownloadButtons';
import { EntityList } from '../../../components/entity-list/EntityList';
import { pagedListState } from '../../../components/entity-list/paged-list-state';
import { downloadFile } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { flavourOf, orderFormPath } from '../../../lib/orders/flavour';
import { useCurrentUser } from '../../auth';
import { ActingCompanySelect, useActingCompanyId, withCompany } from '../company';
import { DriverBalanceSelect } from './DriverBalanceSelect';
import { ledgerDriverLabel } from './driver-label';
import {
  entriesQuery,
  filtersOf,
  type HistoryFilters,
  historyPath,
  paramsOf,
} from './history-query';
import { BalanceText, SignedAmount } from './MoneyText';
import { useLedgerEntries } from './use-ledger';

const PER_PAGE = 30;
const KIND_OPTIONS = LEDGER_KINDS.map((kind) => ({ value: kind, label: LEDGER_KIND_LABELS[kind] }));

/**
 * /finances/history ('Istoric sold'): the company's ledger entries, newest first, each with the
 * balance it left. Its filters live in the URL (`?driver_id=&kind=&date_from=&date_to=&page=`),
 * so the balances list and the driver cards link straight to one driver's history.
 */
export function LedgerHistoryScreen() {
  const flavour = flavourOf(useCurrentUser());
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const companyId = useActingCompanyId();
  const list = useLedgerEntries(entriesQuery(filters, PER_PAGE));
  const rows = list.data?.data ?? [];

  const change = (next: Partial<HistoryFilters>) => {
    const query = paramsOf({ ...filters, page: 1, ...next });
    if (companyId !== undefined) query.set('company_id', String(companyId));
    setParams(query, { replace: true });
  };
  const paging = { page: filters.page, setPage: (page: number) => change({ page }) };
  const shown = rows.find((row) => row.driver_id === filters.driverId);

  return (
    <EntityList
      testId="ledger-history"
      title="Istoric sold"
      actions={
        <>
          <ActingCompanySelect />
          <DownloadButtons
            testId="history-download"
            download={(format) => {
              const { page: _page, per_page: _size, ...query } = entriesQuery(filters, PER_PAGE);
              return downloadFile(exportLedgerEntries, {
                query: { ...query, company_id: companyId, format },
              });
            }}
          />
        </>
      }
      filters={
        <>
          <DriverBalanceSelect
            label="Șofer"
            size="xs"
            w={240}
            value={filters.driverId}
            knownLabel={
              shown
                ? ledgerDriverLabel({ indicativ: shown.indicativ, name: shown.driver_name })
                : filters.driverId !== null
                  ? `Șoferul #${filters.driverId}`
                  : undefined
            }
            onChange={(driverId) => change({ driverId })}
            testId="history-driver"
          />
          <Select
            label="Tip"
            size="xs"
            w={200}
            placeholder="Toate"
            clearable
            data={KIND_OPTIONS}
            value={filters.kind}
            onChange={(kind) => change({ kind: kind as LedgerKind | null })}
            comboboxProps={{ withinPortal: false }}
            data-testid="history-kind"
          />
          <DateField
            label="De la"
            size="xs"
            w={120}
            value={filters.dateFrom}
            onChange={(dateFrom) => change({ dateFrom })}
            data-testid="history-date-from"
          />
          <DateField
            label="Până la"
            size="xs"
            w={120}
            value={filters.dateTo}
            onChange={(dateTo) => change({ dateTo })}
            data-testid="history-date-to"
          />
        </>
      }
      body="keep"
      {...pagedListState(list, paging, PER_PAGE)}
      emptyText="Nicio mișcare."
    >
      <Table striped verticalSpacing={4} fz="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Șofer</Table.Th>
            <Table.Th>Tip</Table.Th>
            <Table.Th ta="right">Sumă</Table.Th>
            <Table.Th ta="right">Sold după</Table.Th>
            <Table.Th>Comandă</Table.Th>
            <Table.Th>Transfer cu</Table.Th>
            <Table.Th>Înregistrat de</Table.Th>
            <Table.Th>Notă</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id} data-testid={`entry-${entry.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.created_at)}
              </Table.Td>
              <Table.Td>
                {ledgerDriverLabel({ indicativ: entry.indicativ, name: entry.driver_name })}
              </Table.Td>
              <Table.Td>{LEDGER_KIND_LABELS[entry.kind]}</Table.Td>
              <Table.Td ta="right">
                <SignedAmount bani={entry.amount} testId={`entry-amount-${entry.id}`} />
              </Table.Td>
              <Table.Td ta="right">
                <BalanceText bani={entry.balance_after} />
              </Table.Td>
              <Table.Td>
                {entry.order_id !== null && (
                  <Anchor component={Link} to={orderFormPath(flavour, entry.order_id)} size="sm">
                    #{entry.order_id}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {entry.counterpart_id !== null && (
                  <Anchor
                    component={Link}
                    to={withCompany(historyPath(entry.counterpart_id), companyId)}
                    size="sm"
                  >
                    {entry.counterpart_name ?? `Șoferul #${entry.counterpart_id}`}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {entry.created_by_name ?? (
                  <Text span size="sm" c="dimmed">
                    Sistem
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{entry.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}
