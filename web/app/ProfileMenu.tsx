import type { LoggedUser } from '@common/auth/auth.schema';
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../components/Icon';

/** Profile menu: name, e-mail and company, then account, company and logout. */
export function ProfileMenu({ user }: { user: LoggedUser }) {
  const companyName = user.companies[0]?.name;
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={`Profil: ${user.name}`} data-testid="profile-menu">
          <Avatar name={user.name} color="initials" size={30} radius="xl" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} truncate data-testid="profile-name">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="profile-email">
            {user.email}
          </Text>
          {companyName && (
            <Text size="xs" c="dimmed" truncate data-testid="profile-company">
              {companyName}
            </Text>
          )}
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/settings/account"
          leftSection={<Icon name="settings" size={16} />}
        >
          Setări cont
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings/account?tab=company"
          leftSection={<Icon name="building" size={16} />}
        >
          Companie
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/logout"
          color="red"
          leftSection={<Icon name="logout" size={16} />}
          data-testid="logout"
        >
          Ieșire
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
