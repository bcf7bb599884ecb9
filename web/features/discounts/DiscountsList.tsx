import { can } from '@common/auth/page-access';
import type { DiscountCondition } from '@common/money/discounts.schema';
import { Badge, Button, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ClickableRow } from '../../components/ClickableRow';
import { EntityList } from '../../components/entity-list/EntityList';
import { ListSearch } from '../../components/entity-list/ListSearch';
import { pagedListState } from '../../components/entity-list/paged-list-state';
import { useListPaging } from '../../components/entity-list/use-list-paging';
import { useCurrentUser } from '../auth';
import { ActingCompanySelect, useActingCompanyId, withCompany } from '../finances';
import {
  audienceText,
  discountValueText,
  maxAmountText,
  perClientText,
  usesText,
  validityText,
} from './discount-format';
import { useDiscountList } from './use-discounts';

const PER_PAGE = 30;
const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * `/discounts` ('Reduceri'): the acting company's discount conditions, newest first, 30 a
 * page; a new one and an opened one keep the company in their URL.
 */
export function DiscountsList() {
  const navigate = useNavigate();
  const paging = useListPaging(300);
  const [all, setAll] = useState(false);
  const administers = can(useCurrentUser(), 'administers');
  const companyId = useActingCompanyId();
  const list = useDiscountList({
    search: paging.debounced || undefined,
    all: all ? 'true' : undefined,
    page: paging.page,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];
  const open = (c: DiscountCondition) => void navigate(withCompany(`/discount/${c.id}`, companyId));

  return (
    <EntityList
      testId="discounts-list"
      title="Reduceri"
      actions={
        <>
          <ActingCompanySelect />
          <ListSearch
            inHeading
            width={220}
            placeholder="Caută după nume"
            value={paging.search}
            onChange={paging.setSearch}
            testId="discounts-search"
          />
          <Switch
            size="xs"
            label="Arată și dezactivatele"
            checked={all}
            onChange={(event) => paging.firstPage(setAll)(event.currentTarget.checked)}
            data-testid="discounts-all"
          />
          {administers && (
            <Button
              size="xs"
              component={Link}
              to={withCompany('/discount/0', companyId)}
              data-testid="discounts-add"
            >
              Reducere nouă
            </Button>
          )}
        </>
      }
      body="keep"
      {...pagedListState(list, paging, PER_PAGE)}
      emptyText="Nicio reducere."
    >
      <Table striped highlightOnHover verticalSpacing={6} data-testid="discounts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nume</Table.Th>
            <Table.Th>Valoare</Table.Th>
            <Table.Th>Pentru</Table.Th>
            <Table.Th>Valabilă</Table.Th>
            <Table.Th>Utilizări</Table.Th>
            <Table.Th>Compensat șoferului</Table.Th>
            <Table.Th>Stare</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const max = maxAmountText(c);
            const perClient = perClientText(c);
            return (
              <ClickableRow key={c.id} onOpen={() => open(c)} testId={`discount-row-${c.id}`}>
                <Table.Td fw={600}>{c.name}</Table.Td>
                <Table.Td style={NUMBERS} data-testid="discount-value">
                  {discountValueText(c)}
                  {max && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {max}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="discount-audience">{audienceText(c)}</Table.Td>
                <Table.Td style={NUMBERS} data-testid="discount-validity">
                  {validityText(c)}
                </Table.Td>
                <Table.Td style={NUMBERS} data-testid="discount-uses">
                  {usesText(c)}
                  {perClient && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {perClient}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{c.compensate_driver ? 'Da' : 'Nu'}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={c.disabled ? 'gray' : 'green'}>
                    {c.disabled ? 'Dezactivată' : 'Activă'}
                  </Badge>
                </Table.Td>
              </ClickableRow>
            );
          })}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}
