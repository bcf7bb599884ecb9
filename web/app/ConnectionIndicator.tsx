import { Group, Text, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getSocketStatus, type SocketStatus, subscribeSocketStatus } from '../lib/socket';

const LOOK: Record<SocketStatus, { color: string; label: string; hint: string }> = {
  connected: { color: 'teal', label: 'Conectat', hint: 'Actualizările sosesc în timp real.' },
  connecting: { color: 'orange', label: 'Reconectare…', hint: 'Se stabilește conexiunea.' },
  reconnecting: {
    color: 'orange',
    label: 'Reconectare…',
    hint: 'Conexiunea s-a întrerupt; se reîncearcă la fiecare 3 secunde.',
  },
  offline: { color: 'gray', label: 'Deconectat', hint: 'Fără actualizări în timp real.' },
};

/** Realtime connection state, so an operator knows whether the screen is live. */
export function ConnectionIndicator() {
  const status = useSyncExternalStore(subscribeSocketStatus, getSocketStatus);
  const look = LOOK[status];
  return (
    <Tooltip label={look.hint} openDelay={300}>
      <Group
        gap={6}
        wrap="nowrap"
        data-testid="connection-status"
        data-status={status}
        role="status"
      >
        <span
          aria-hidden="true"
          style={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: `var(--mantine-color-${look.color}-6)`,
          }}
        />
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {look.label}
        </Text>
      </Group>
    </Tooltip>
  );
}
