import { Box, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../auth/use-current-user';
import type { Flavour } from './labels';
import { OperatorTopBar } from './OperatorTopBar';
import { OrderBoard } from './OrderBoard';
import { OrderSidePanel } from './OrderSidePanel';
import { useOrderPanel } from './use-order-panel';

/**
 * SPEC §2 operator dashboard (and, with the delivery flavour, the delivery dashboard): the top
 * bar, the tabs with their lists on the left, the order form (the child route) on the right,
 * and the side panel over everything.
 */
export function OperatorConsole({ flavour }: { flavour: Flavour }) {
  const user = useCurrentUser();
  const panel = useOrderPanel();
  return (
    <Stack gap="sm" data-testid="operator-console" data-flavour={flavour}>
      <OperatorTopBar userId={user.id} flavour={flavour} onOpen={panel.open} />
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) minmax(420px, 520px)',
          gap: 'var(--mantine-spacing-sm)',
          alignItems: 'start',
        }}
      >
        <Box style={{ minWidth: 0 }}>
          <OrderBoard userId={user.id} flavour={flavour} onOpen={panel.open} />
        </Box>
        <Box style={{ position: 'sticky', top: 60 }}>
          <Outlet />
        </Box>
      </Box>
      <OrderSidePanel orderId={panel.openId} flavour={flavour} onClose={panel.close} />
    </Stack>
  );
}
