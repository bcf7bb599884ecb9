import type { User } from '@common/users/users.schema';
import { Badge, Button, Group, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ClickableRow } from '../../components/ClickableRow';
import { EntityList } from '../../components/entity-list/EntityList';
import { ListSearch } from '../../components/entity-list/ListSearch';
import { pagedListState } from '../../components/entity-list/paged-list-state';
import { useListPaging } from '../../components/entity-list/use-list-paging';
import { formatDateTime } from '../../lib/dates';
import { useCurrentUser } from '../auth';
import { isBanned } from '../drivers';
import { useCompanyChoices, useUserList } from './use-users';
import { isAdministrator, USER_TYPES, type UserType, userPath } from './user-types';

const PER_PAGE = 25;
type DriverFilter = 'all' | 'online' | 'banned';

/** A driver's work state as the dispatch console names it. */
function DriverState({ user }: { user: User }) {
  if (isBanned(user.ban_until))
    return (
      <Badge color="red" variant="light">
        Blocat
      </Badge>
    );
  if (!user.is_online)
    return (
      <Badge color="gray" variant="light">
        Offline
      </Badge>
    );
  if (user.is_busy)
    return (
      <Badge color="orange" variant="light">
        Ocupat
      </Badge>
    );
  if (user.is_paused)
    return (
      <Badge color="yellow" variant="light">
        Pauză
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Liber
    </Badge>
  );
}

/**
 * `/users/{type}`: the users of one role in the caller's companies, with search, the drivers'
 * online/banned filter, the platform admin's company filter, pagination and 'Adaugă'. A row
 * opens the user's page (Enter on a focused row too).
 */
export function UsersList({ type }: { type: UserType }) {
  const navigate = useNavigate();
  const paging = useListPaging(300);
  const [filter, setFilter] = useState<DriverFilter>('all');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const companies = useCompanyChoices();
  const isDriver = type === 'driver';
  const administers = isAdministrator(useCurrentUser().roles);
  const list = useUserList({
    role: type,
    search: paging.debounced || undefined,
    online: isDriver && filter === 'online' ? 'true' : undefined,
    banned: isDriver && filter === 'banned' ? 'true' : undefined,
    company_id: companyId ? Number(companyId) : undefined,
    page: paging.page,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];
  const open = (user: User) => void navigate(userPath(user.id, type));

  return (
    <EntityList
      testId={`users-${type}`}
      title={USER_TYPES[type].title}
      actions={
        <>
          <ListSearch
            inHeading
            width={240}
            placeholder="Caută nume, e-mail, telefon"
            value={paging.search}
            onChange={paging.setSearch}
            testId="users-search"
          />
          {isDriver && (
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={paging.firstPage((value: string) => setFilter(value as DriverFilter))}
              data={[
                { value: 'all', label: 'Toți' },
                { value: 'online', label: 'Online' },
                { value: 'banned', label: 'Blocați' },
              ]}
              data-testid="users-driver-filter"
            />
          )}
          {(companies.data?.length ?? 0) > 1 && (
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
              data-testid="users-company"
            />
          )}
          {administers && (
            <Button size="xs" component={Link} to={userPath(0, type)} data-testid="users-add">
              Adaugă
            </Button>
          )}
        </>
      }
      body="keep"
      {...pagedListState(list, paging, PER_PAGE)}
      emptyText="Niciun rezultat."
    >
      <Table striped highlightOnHover verticalSpacing={6} data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nume</Table.Th>
            {isDriver && <Table.Th>Indicativ</Table.Th>}
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Telefon</Table.Th>
            {isDriver && <Table.Th>Mașina</Table.Th>}
            {isDriver && <Table.Th>Stare</Table.Th>}
            <Table.Th>Creat</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((user) => (
            <ClickableRow key={user.id} onOpen={() => open(user)} testId={`user-row-${user.id}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {user.name}
                  </Text>
                  {user.disabled && (
                    <Badge size="xs" color="gray">
                      Dezactivat
                    </Badge>
                  )}
                  {user.high_priority && (
                    <Badge size="xs" color="grape" variant="light">
                      Prioritar
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              {isDriver && (
                <Table.Td>{user.default_car?.indicativ ?? user.identifier ?? '—'}</Table.Td>
              )}
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.phone ?? '—'}</Table.Td>
              {isDriver && (
                <Table.Td>
                  {user.default_car
                    ? `${user.default_car.make} ${user.default_car.model} · ${user.default_car.number}`
                    : '—'}
                </Table.Td>
              )}
              {isDriver && (
                <Table.Td>
                  <DriverState user={user} />
                </Table.Td>
              )}
              <Table.Td>{formatDateTime(user.created_at).slice(0, 10)}</Table.Td>
            </ClickableRow>
          ))}
        </Table.Tbody>
      </Table>
    </EntityList>
  );
}
