import type { LoggedUser } from '@common/auth/auth.schema';
import { Badge, Group, Table } from '@mantine/core';
import { ROLE_LABELS } from '../auth';

/** The logged user's account as the platform knows it; name and phone are edited below it. */
export function AccountDetails({ user }: { user: LoggedUser }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="account-details">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={160}>Nume</Table.Th>
          <Table.Td>{user.name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>E-mail</Table.Th>
          <Table.Td>{user.email}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Telefon</Table.Th>
          <Table.Td>{user.phone ?? '—'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Roluri</Table.Th>
          <Table.Td>
            <Group gap={4}>
              {user.roles.map((role) => (
                <Badge key={role} variant="light" size="sm">
                  {ROLE_LABELS[role]}
                </Badge>
              ))}
            </Group>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
