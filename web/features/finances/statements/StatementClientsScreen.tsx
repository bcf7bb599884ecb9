import { formatRon } from '@common/lib/money';
import type { StatementTotals } from '@common/money/statements.schema';
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EntityList } from '../../../components/entity-list/EntityList';
import { apiErrorMessages } from '../../../lib/toast';
import { ActingCompanySelect, useActingCompanyId, withCompany } from '../company';
import { MonthSelect } from './MonthSelect';
import { monthOf } from './months';
import { useStatementClients } from './use-statements';

const NUMERALS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A statement's sums as table cells: rides, fares, discounts, what the client owes. */
export function TotalsCells({
  totals,
  bold,
  ridesWord,
}: {
  totals: StatementTotals;
  bold?: boolean;
  /** 'curse' after the count, where the column is not the rides'. */
  ridesWord?: boolean;
}) {
  const fw = bold ? 600 : undefined;
  return (
    <>
      <Table.Td ta="right" fw={fw} style={NUMERALS}>
        {ridesWord ? `${totals.rides} ${totals.rides === 1 ? 'cursă' : 'curse'}` : totals.rides}
      </Table.Td>
      <Table.Td ta="right" fw={fw} style={NUMERALS}>
        {formatRon(totals.cost)}
      </Table.Td>
      <Table.Td ta="right" fw={fw} style={NUMERALS}>
        {formatRon(totals.discount)}
      </Table.Td>
      <Table.Td ta="right" fw={fw ?? 500} style={NUMERALS}>
        {formatRon(totals.billed)}
      </Table.Td>
    </>
  );
}

/** /finances/statements?month=: the links to one client's statement keep the month. */
export const statementPath = (clientId: number, month: string) =>
  `/finances/statements/${clientId}?month=${month}`;

/**
 * /finances/statements ('Deconturi protocol'), the fleet's side: every protocol client of the
 * company with the month's rides and sums (those without rides too), each opening its
 * statement. The month lives in the URL.
 */
export function StatementClientsScreen() {
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month'));
  const companyId = useActingCompanyId();
  const list = useStatementClients(month);
  const clients = list.data?.clients ?? [];

  return (
    <EntityList
      testId="statement-clients"
      title="Deconturi protocol"
      actions={
        <>
          <ActingCompanySelect />
          <MonthSelect
            value={month}
            onChange={(next) =>
              setParams(
                (current) => {
                  const query = new URLSearchParams(current);
                  query.set('month', next);
                  return query;
                },
                { replace: true },
              )
            }
          />
        </>
      }
      isPending={list.isPending}
      isFetching={list.isFetching}
      error={list.isError ? apiErrorMessages(list.error).join(' ') : null}
      isEmpty={clients.length === 0}
      emptyText="Compania nu are clienți de protocol."
      pagination={{ page: 1, total: clients.length, perPage: clients.length, onChange: () => {} }}
    >
      <Table striped highlightOnHover verticalSpacing={4} data-testid="statement-clients-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>CUI</Table.Th>
            <Table.Th ta="right">Curse</Table.Th>
            <Table.Th ta="right">Tarif</Table.Th>
            <Table.Th ta="right">Reduceri</Table.Th>
            <Table.Th ta="right">De plată</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.company_id} data-testid={`statement-client-${client.company_id}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={withCompany(statementPath(client.company_id, month), companyId)}
                  size="sm"
                >
                  {client.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" span>
                  {client.cui ?? '—'}
                </Text>
              </Table.Td>
              <TotalsCells totals={client} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {list.data && clients.length > 1 && (
          <Table.Tfoot>
            <Table.Tr data-testid="statement-clients-total">
              <Table.Td fw={600} colSpan={2}>
                Total
              </Table.Td>
              <TotalsCells totals={list.data.totals} bold />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </EntityList>
  );
}
