import { mayOpenPage } from '@common/auth/page-access';
import { formatRon } from '@common/lib/money';
import type { User } from '@common/users/users.schema';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LabelValue } from '../../components/LabelValue';
import { MessageButton } from '../../components/MessageButton';
import { useCurrentUser } from '../auth';
import { BanControl, banUntilText, isBanned } from '../drivers';

/**
 * A driver's work state on his page: the existing ban control (ban
 * options with a reason), the ban's end and reason, online state and balance (read-only here:
 * it moves with the finance screens, whose 'Istoric' the link opens).
 */
export function DriverStatusCard({ user }: { user: User }) {
  const banned = isBanned(user.ban_until);
  const mayOpenHistory = mayOpenPage(useCurrentUser(), '/finances/history');
  const indicativ = user.default_car?.indicativ ?? user.identifier ?? String(user.id);
  return (
    <Paper withBorder p="md" data-testid="driver-status-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>Stare</Title>
          <Group gap={6}>
            <MessageButton
              target={{ userId: user.id, name: user.name, callSign: indicativ }}
              testId={`driver-message-${user.id}`}
            />
            <BanControl driverId={user.id} indicativ={indicativ} banned={banned} />
          </Group>
        </Group>
        {banned && user.ban_until && (
          <Text size="sm" c="red" data-testid="driver-ban-text">
            Blocat {banUntilText(user.ban_until)}
            {user.ban_reason ? ` — ${user.ban_reason}` : ''}
          </Text>
        )}
        <Group gap="xl">
          <LabelValue label="În tură">
            {user.is_online
              ? user.is_busy
                ? 'ocupat'
                : user.is_paused
                  ? 'pauză'
                  : 'liber'
              : 'offline'}
          </LabelValue>
          <Group gap={6} wrap="nowrap">
            <LabelValue label="Sold" testId="driver-balance">
              {formatRon(user.balance)}
            </LabelValue>
            {mayOpenHistory && (
              <Anchor
                component={Link}
                to={`/finances/history?driver_id=${user.id}`}
                size="xs"
                data-testid="driver-balance-history"
              >
                Istoric
              </Anchor>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
