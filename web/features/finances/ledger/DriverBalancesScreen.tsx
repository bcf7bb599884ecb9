import { can } from '@common/auth/page-access';
import { formatRon } from '@common/lib/money';
import type { DriverBalance } from '@common/money/ledger.schema';
import { Anchor, Badge, Box, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EntityList } from '../../../components/entity-list/EntityList';
import { ListSearch } from '../../../components/entity-list/ListSearch';
import { pagedListState } from '../../../components/entity-list/paged-list-state';
import { useListPaging } from '../../../components/entity-list/use-list-paging';
import { formatDateTime } from '../../../lib/dates';
import { useCurrentUser } from '../../auth';
import { ActingCompanySelect, useActingCompanyId, withCompany } from '../company';
import { CashMovementModal } from './CashMovementModal';
import { historyPath } from './history-query';
import { BalanceText } from './MoneyText';
import { type CashMovementKind, useDriverBalances } from './use-ledger';

const PER_PAGE = 30;

function OnlineDot({ online }: { online: boolean }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={online ? 'online' : 'offline'}
      title={online ? 'online' : 'offline'}
      display="inline-block"
      w={8}
      h={8}
      bg={online ? 'green.6' : 'gray.4'}
      style={{ borderRadius: '50%' }}
    />
  );
}

/**
 * /finances/sold ('Sold șoferi'): every driver's balance with the company, lowest first (the
 * server sorts), those below the company's minimum marked. Administrators record money paid
 * in ('Depunere') and out ('Plată') from each row; everyone who sees it opens his 'Istoric'.
 */
export function DriverBalancesScreen() {
  const administers = can(useCurrentUser(), 'administers');
  const companyId = useActingCompanyId();
  const paging = useListPaging(300);
  const [belowMin, setBelowMin] = useState(false);
  const [movement, setMovement] = useState<{
    kind: CashMovementKind;
    driver: DriverBalance;
  } | null>(null);
  const list = useDriverBalances({
    search: paging.debounced || undefined,
    below_min: belowMin ? 'true' : undefined,
    page: paging.page,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];

  return (
    <>
      <EntityList
        testId="driver-balances"
        title="Sold șoferi"
        actions={
          <>
            <ActingCompanySelect />
            <ListSearch
              inHeading
              width={220}
              placeholder="Indicativ sau nume"
              value={paging.search}
              onChange={paging.setSearch}
              testId="balances-search"
            />
            <Checkbox
              size="xs"
              label="Doar sub minim"
              checked={belowMin}
              onChange={(event) => paging.firstPage(setBelowMin)(event.currentTarget.checked)}
              data-testid="balances-below-min"
            />
          </>
        }
        filters={
          list.data && (
            <Text size="xs" c="dimmed" data-testid="balances-legend">
              Sold minim pentru comenzi: <b>{formatRon(list.data.min_balance)}</b>. Șoferii sub el
              nu primesc comenzi până nu depun.
            </Text>
          )
        }
        body="keep"
        {...pagedListState(list, paging, PER_PAGE)}
        emptyText="Niciun șofer."
      >
        <Table striped highlightOnHover verticalSpacing={4} data-testid="balances-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Indicativ</Table.Th>
              <Table.Th>Nume</Table.Th>
              <Table.Th>Online</Table.Th>
              <Table.Th ta="right">Sold</Table.Th>
              <Table.Th>Ultima mișcare</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.driver_id} data-testid={`balance-row-${row.driver_id}`}>
                <Table.Td fw={600}>{row.indicativ ?? '—'}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <OnlineDot online={row.is_online} />
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {row.below_min && (
                      <Badge size="xs" color="red" variant="light" data-testid="below-min">
                        sub minim
                      </Badge>
                    )}
                    <BalanceText bani={row.balance} testId={`balance-${row.driver_id}`} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.last_entry_at)}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {administers && (
                      <>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setMovement({ kind: 'top_up', driver: row })}
                          data-testid={`top-up-${row.driver_id}`}
                        >
                          Depunere
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setMovement({ kind: 'payout', driver: row })}
                          data-testid={`payout-${row.driver_id}`}
                        >
                          Plată
                        </Button>
                      </>
                    )}
                    <Anchor
                      component={Link}
                      to={withCompany(historyPath(row.driver_id), companyId)}
                      size="xs"
                      data-testid={`history-${row.driver_id}`}
                    >
                      Istoric
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </EntityList>
      {movement && (
        <CashMovementModal
          kind={movement.kind}
          driver={movement.driver}
          onClose={() => setMovement(null)}
        />
      )}
    </>
  );
}
