import { NOT_FOUND } from '@common/http/errors';
import type { User } from '@common/users/users.schema';
import { Alert, Anchor, Badge, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoAccess } from '../../components/NoAccess';
import { isForbidden } from '../../lib/api-client';
import { apiErrorMessages } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import { DriverOrderList, DriverReportLinks } from '../drivers';
import { DriverStatusCard } from './DriverStatusCard';
import { PasswordCard } from './PasswordCard';
import { TelephonyCard } from './TelephonyCard';
import { UserForm } from './UserForm';
import { useCompanyChoices, useUser } from './use-users';
import { emptyUserDraft, userDraftOf } from './user-form';
import {
  administersUser,
  defaultCompanyIds,
  hasTelephony,
  isAdministrator,
  mayOpenType,
  USER_TYPES,
  type UserType,
  userPath,
} from './user-types';

/** A driver's car card, from the fleet: the page that shows this screen brings it. */
export type DriverCarSlot = (driver: User) => ReactNode;

/** What an existing user's page adds under the form, by his roles. */
function UserSections({
  user,
  administers,
  driverCar,
}: {
  user: User;
  administers: boolean;
  driverCar?: DriverCarSlot;
}) {
  const isDriver = user.roles.includes('driver');
  // A dispatcher sees the driver's state and may ban him; the rest is administration.
  if (!administers) return isDriver ? <DriverStatusCard user={user} /> : null;
  return (
    <>
      {isDriver && driverCar?.(user)}
      {isDriver && <DriverStatusCard user={user} />}
      {hasTelephony(user.roles) && <TelephonyCard userId={user.id} />}
      <PasswordCard userId={user.id} />
      {isDriver && (
        // The driver's order list and report links (built with the devices).
        <Tabs defaultValue="orders" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="orders">Comenzi</Tabs.Tab>
            <Tabs.Tab value="reports">Linkuri raport</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="orders" pt="sm">
            <DriverOrderList driverId={user.id} />
          </Tabs.Panel>
          <Tabs.Panel value="reports" pt="sm">
            <DriverReportLinks driverId={user.id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}

/**
 * `/user/{id}/{role}` and `/user/{id}/driver`: id 0 creates a user of that
 * role (like /operator/order/0); an existing one gets his identity, roles and companies, and
 * by his roles his car and call sign, ban state and balance, telephony, and a new password.
 */
export function UserEditScreen({
  id,
  type,
  driverCar,
}: {
  id: number;
  type: UserType;
  driverCar?: DriverCarSlot;
}) {
  const navigate = useNavigate();
  const caller = useCurrentUser();
  const user = useUser(id);
  const companies = useCompanyChoices();
  const list = USER_TYPES[type];
  const administers = isAdministrator(caller.roles);

  if (id < 0)
    return (
      <Alert color="red" variant="light">
        {NOT_FOUND.user}
      </Alert>
    );
  // Not his to open: said as such, not as a user who does not exist.
  if (!mayOpenType(type, caller.roles) || (id === 0 && !administers)) return <NoAccess />;
  if (id > 0 && user.isPending) return <Loader size="sm" />;
  if (id > 0 && isForbidden(user.error)) return <NoAccess />;
  if (id > 0 && user.isError)
    return (
      <Alert color="red" variant="light">
        {apiErrorMessages(user.error).join(' ')}
      </Alert>
    );
  if (id === 0 && companies.isPending) return <Loader size="sm" />;

  const record = user.data;
  const only = defaultCompanyIds(companies.data ?? [], caller.companies);
  // A user shared with a company the manager does not administer is not his to change.
  const administersRecord = administers && (!record || administersUser(caller, record));
  return (
    <Stack gap="sm" maw={1100} data-testid="user-edit">
      <Group gap="xs">
        <Anchor component={Link} to={`/users/${type}`} size="sm">
          {list.title}
        </Anchor>
        <Text c="dimmed">/</Text>
        <Title order={4}>{record ? record.name : `Adaugă ${list.one}`}</Title>
        {record?.disabled && <Badge color="gray">Dezactivat</Badge>}
      </Group>
      <UserForm
        key={record ? `${record.id}` : 'new'}
        id={id}
        initial={record ? userDraftOf(record) : emptyUserDraft(type, only)}
        callerRoles={caller.roles}
        readOnly={!administersRecord}
        onSaved={(saved) => {
          if (id === 0) void navigate(userPath(saved.id, type), { replace: true });
        }}
      />
      {record && administers && !administersRecord && (
        <Alert color="gray" variant="light" data-testid="user-not-administered">
          Utilizatorul aparține și altei companii sau este administrator: doar administratorul
          platformei îl poate modifica.
        </Alert>
      )}
      {record && (
        <UserSections user={record} administers={administersRecord} driverCar={driverCar} />
      )}
    </Stack>
  );
}
