import type { CarRecord } from '@common/cars/cars.schema';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessages } from '../../lib/toast';
import { useCurrentUser } from '../auth/use-current-user';
import { useCompanyChoices } from '../users/use-users';
import { isAdministrator } from '../users/user-types';
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

/** Issue #20 `/cars` ('Transport'): the fleet, searchable, by company, 25 a page. */
export function CarsList() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const administers = isAdministrator(useCurrentUser().roles);
  const companies = useCompanyChoices();
  const manyCompanies = (companies.data?.length ?? 0) > 1;
  const list = useCarList({
    search: debounced || undefined,
    company_id: companyId ? Number(companyId) : undefined,
    page,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const open = (car: CarRecord) => void navigate(`/car/${car.id}`);

  return (
    <Stack gap="sm" data-testid="cars-list">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={4}>Transport</Title>
          {list.isFetching && <Loader size="xs" />}
        </Group>
        <Group gap="xs">
          <TextInput
            size="xs"
            w={260}
            placeholder="Caută indicativ, număr, marcă, șofer"
            aria-label="Caută"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="cars-search"
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
              onChange={(value) => {
                setCompanyId(value);
                setPage(1);
              }}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          {administers && (
            <Button size="xs" component={Link} to="/car/0" data-testid="cars-add">
              Adaugă
            </Button>
          )}
        </Group>
      </Group>
      {list.isError && (
        <Alert color="red" variant="light">
          {apiErrorMessages(list.error).join(' ')}
        </Alert>
      )}
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
            <Table.Tr
              key={car.id}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              onClick={() => open(car)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(car);
              }}
              data-testid={`car-row-${car.id}`}
            >
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!list.isPending && rows.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Nicio mașină.
        </Text>
      )}
      {total > PER_PAGE && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {total} în total
          </Text>
          <Pagination
            size="sm"
            total={Math.ceil(total / PER_PAGE)}
            value={page}
            onChange={setPage}
          />
        </Group>
      )}
    </Stack>
  );
}
