import type { LoggedUser } from '@common/auth/auth.schema';
import { Divider, Group, ScrollArea } from '@mantine/core';
import { homePath } from '../features/auth/home-path';
import { CallOptionsPopover } from '../features/calls/CallOptionsPopover';
import { DispatcherEvents } from '../features/calls/events/DispatcherEvents';
import { MissedCallsButton } from '../features/calls/missed/MissedCallsButton';
import { MessagesShell } from '../features/messages/MessagesShell';
import { Clock } from './Clock';
import { ConnectionIndicator } from './ConnectionIndicator';
import { HeaderMenu } from './HeaderMenu';
import { Logo } from './Logo';
import type { MenuEntry } from './menu';
import { ProfileMenu } from './ProfileMenu';

interface ConsoleHeaderProps {
  user: LoggedUser;
  menu: readonly MenuEntry[];
  testId: 'admin-header' | 'pos-header';
}

/** The logged-in header, shared by the admin and point-of-sale variants. */
export function ConsoleHeader({ user, menu, testId }: ConsoleHeaderProps) {
  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between" data-testid={testId}>
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Logo to={homePath(user)} />
        <ScrollArea type="never" style={{ minWidth: 0, flex: 1 }}>
          <HeaderMenu entries={menu} />
        </ScrollArea>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ConnectionIndicator />
        <Divider orientation="vertical" />
        <Clock />
        {/* Shell: the softphone's events and missed calls (dispatchers only). */}
        <DispatcherEvents />
        <MissedCallsButton />
        <CallOptionsPopover />
        {/* The messages' envelope (a console that writes to its fleet). */}
        <MessagesShell />
        <ProfileMenu user={user} />
      </Group>
    </Group>
  );
}
