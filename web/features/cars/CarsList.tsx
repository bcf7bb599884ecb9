import type { CarRecord } from '@common/cars/cars.schema';
import { Button, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ClickableRow } from '../../components/ClickableRow';
import { EntityList } from '../../components/entity-list/EntityList';
import { ListSearch } from '../../components/entity-list/ListSearch';
import { pagedListState } from '../../components/entity-list/paged-list-state';
import { useListPaging } from '../../components/entity-list/use-list-paging';
import { useCurrentUser } from '../auth';
import { isAdministrator, useCompanyChoices } from '../users';
import { EXPIRY_COLOR, expiryState, formatDay } from './expiry';
import { useCarList } from './use-cars';

const PER_PAGE = 25;

/** A document's expiry day, red when past and orange within 30 days. */
function ExpiryCell({ day, testId }: { day: string | null; testId: string }) {
  const state = expiryState(day);
  const color = EXPIRY_COLOR[state];
  return (
    <Table.Td data-testid={testId} data-expiry={state}>
      <Text size="sm" c={color} fw={color ? 600 : undefined}>
        {formatDay(day)}
      </Text>
    </Table.Td>
  );
}

/** `/cars` ('Transport'): the fleet, searchable, by company, 25 a page. */
export function CarsList() {
  const navigate = useNavigate();
  const paging = useListPaging(300);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const administers = isAdministrator(useCurrentUser().roles);
  const companies = useCompanyChoices();
  const manyCompanies = (companies.data?.length ?? 0) > 1;
  const list = useCarList({
    search: paging.debounced || undefined,
    company_id: companyId ? Number(companyId) : undefined,
    page: paging.page,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];
  const open = (car: CarRecord) => void navigate(`/car/${car.id}`);

  return (
    <EntityList
      testId="cars-list"
      title="Transport"
      actions={
        <>
          <ListSearch
            inHeading
            width={260}
            placeholder="Caută indicativ, număr, marcă, șofer"
            value={paging.search}
            onChange={paging.setSearch}
            testId="cars-search"
          />
          {manyCompanies && (
            <Select
              size="xs"
              w={200}
              placeholder="Toate companiile"
              aria-label="Compania"
              clearable
              searchable
              value={companyId}
              onChange={paging.firstPage(setCompanyId)}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          {administers && (
            <Button size="xs" component={Link} to="/car/0" data-testid="cars-add">
              Adaugă
            </Button>
          )}
        </>
      }
      body="keep"
      {...pagedListState(list, paging, PER_PAGE)}
      emptyText="Nicio mașină."
    >
      <Table striped highlightOnHover verticalSpacing={6} data-testid="cars-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Indicativ</Table.Th>
            <Table.Th>Nr. înmatriculare</Table.Th>
            <Table.Th>Mașina</Table.Th>
            <Table.Th>An</Table.Th>
            <Table.Th>Locuri</Table.Th>
            <Table.Th>Șofer</Table.Th>
            {manyCompanies && <Table.Th>Compania</Table.Th>}
            <Table.Th>ITP</Table.Th>
            <Table.Th>RCA</Table.Th>
            <Table.Th>Licență</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((car) => (
            <ClickableRow key={car.id} onOpen={() => open(car)} testId={`car-row-${car.id}`}>
              <Table.Td fw={600}>{car.indicativ}</Table.Td>
              <Table.Td>{car.number}</Table.Td>
              <Table.Td>
                {car.make} {car.model} · {car.color}
              </Table.Td>
              <Table.Td>{car.year ?? '—'}</Table.Td>
              <Table.Td>{car.seats ?? '—'}</Table.Td>
              <Table.Td>{car.driver_name ?? '—'}</Table.Td>
              {manyCompanies && <Table.Td>{car.company_name}</Table.Td>}
              <ExpiryCell day={car.itp_until} testId="car-itp" />
              <ExpiryCell day={car.rca_until} testId="car-rca" />
              <ExpiryCell day={car.license_until} testId="car-license" />
            </ClickableRow>
          ))}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}
