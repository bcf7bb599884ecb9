import { formatRon } from '@common/lib/money';
import { exportStatement } from '@common/money/statements.api';
import type { Statement } from '@common/money/statements.schema';
import { Anchor, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DownloadButtons } from '../../../components/DownloadButtons';
import { EntityList } from '../../../components/entity-list/EntityList';
import { downloadFile } from '../../../lib/api-client';
import { formatBucharest } from '../../../lib/dates';
import { orderFormPath } from '../../../lib/orders/flavour';
import { PAYMENT_TYPE_LABELS } from '../../../lib/orders/labels';
import { apiErrorMessages } from '../../../lib/toast';
import { useActingCompanyId, withCompany } from '../company';
import { MonthSelect } from './MonthSelect';
import { monthLabel, monthOf } from './months';
import { TotalsCells } from './StatementClientsScreen';
import { useStatement } from './use-statements';

const PER_PAGE = 50;
const NUMERALS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function PartyLine({ statement }: { statement: Statement }) {
  const party = (label: string, p: Statement['client'] | null) =>
    p && (
      <Text size="xs" c="dimmed" span>
        {label}: <b>{p.name}</b>
        {p.cui && ` · CUI ${p.cui}`}
        {p.address && ` · ${p.address}`}
      </Text>
    );
  return (
    <Group gap="lg">
      {party('Furnizor', statement.company)}
      {party('Client', statement.client)}
    </Group>
  );
}

/**
 * A protocol client's monthly statement (/finances/statements/{client}, and a protocol user's
 * own at /finances/statements): its finished rides of the month on the Bucharest clock, oldest
 * first, with their sums, and the same as XLSX or CSV. The month lives in the URL.
 */
export function StatementScreen({
  clientId,
  listLink,
}: {
  clientId: number | null;
  /** The fleet's console goes back to all its clients. */
  listLink?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month'));
  const [page, setPage] = useState(1);
  const query = useStatement(clientId, month);
  const statement = query.data;
  const rides = statement?.rides ?? [];
  const shown = rides.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  // The fleet's company the list came from (`?company_id=`) stays for the way back.
  const companyId = useActingCompanyId();
  const changeMonth = (next: string) => {
    setPage(1);
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        query.set('month', next);
        return query;
      },
      { replace: true },
    );
  };

  return (
    <EntityList
      testId="statement"
      title={statement ? `Decont ${statement.client.name}` : 'Decont'}
      titleAside={
        listLink && (
          <Anchor
            component={Link}
            to={withCompany(`/finances/statements?month=${month}`, companyId)}
            size="sm"
          >
            Toți clienții
          </Anchor>
        )
      }
      actions={
        <>
          <MonthSelect value={month} onChange={changeMonth} />
          {clientId !== null && (
            <DownloadButtons
              testId="statement-download"
              download={(format) =>
                downloadFile(exportStatement, {
                  params: { company_id: clientId },
                  query: { month, format },
                })
              }
            />
          )}
        </>
      }
      filters={statement && <PartyLine statement={statement} />}
      body="keep"
      isPending={query.isPending}
      isFetching={query.isFetching}
      error={
        clientId === null
          ? 'Contul nu aparține unei companii de protocol.'
          : query.isError
            ? apiErrorMessages(query.error).join(' ')
            : null
      }
      isEmpty={rides.length === 0}
      emptyText={`Nicio cursă finalizată în ${monthLabel(month)}.`}
      pagination={{ page, total: rides.length, perPage: PER_PAGE, onChange: setPage }}
    >
      <Table striped highlightOnHover verticalSpacing={4} data-testid="statement-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Comanda</Table.Th>
            <Table.Th>Finalizată</Table.Th>
            <Table.Th>Pasager</Table.Th>
            <Table.Th>Traseu</Table.Th>
            <Table.Th>Indicativ</Table.Th>
            <Table.Th>Comandată de</Table.Th>
            <Table.Th>Plată</Table.Th>
            <Table.Th ta="right">Tarif</Table.Th>
            <Table.Th ta="right">Reducere</Table.Th>
            <Table.Th ta="right">De plată</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((ride) => (
            <Table.Tr key={ride.order_id} data-testid={`statement-ride-${ride.order_id}`}>
              <Table.Td>
                <Anchor component={Link} to={orderFormPath('taxi', ride.order_id)} size="sm">
                  #{ride.order_id}
                </Anchor>
              </Table.Td>
              <Table.Td style={NUMERALS}>{formatBucharest(ride.finished_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" span>
                  {ride.passenger ?? '—'}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  {ride.phone}
                </Text>
              </Table.Td>
              <Table.Td maw={380}>
                <Text
                  size="sm"
                  truncate="end"
                  title={`${ride.pickup ?? ''} → ${ride.destination ?? ''}`}
                >
                  {ride.pickup ?? '—'}
                  {ride.destination && ` → ${ride.destination}`}
                </Text>
              </Table.Td>
              <Table.Td fw={600}>{ride.car_indicativ ?? '—'}</Table.Td>
              <Table.Td>{ride.ordered_by ?? '—'}</Table.Td>
              <Table.Td>{PAYMENT_TYPE_LABELS[ride.payment_type]}</Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {ride.cost === null ? '—' : formatRon(ride.cost)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERALS}>
                {ride.discount ? formatRon(ride.discount) : '—'}
              </Table.Td>
              <Table.Td ta="right" fw={500} style={NUMERALS}>
                {formatRon(ride.billed)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {statement && rides.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="statement-total">
              <Table.Td fw={600} colSpan={6}>
                Total {monthLabel(month)}
              </Table.Td>
              <TotalsCells totals={statement.totals} bold ridesWord />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </EntityList>
  );
}
