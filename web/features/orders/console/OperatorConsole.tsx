import { Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import type { Flavour } from '../../../lib/orders/labels';
import { useCurrentUser } from '../../auth';
import { OrderSidePanel } from '../panel/OrderSidePanel';
import { useOrderPanel } from '../panel/use-order-panel';
import { BoardWithAside } from './BoardWithAside';
import { OperatorTopBar } from './OperatorTopBar';
import { OrderBoard } from './OrderBoard';

/**
 * operator dashboard (and, with the delivery flavour, the delivery dashboard): the top
 * bar, the tabs with their lists on the left, the order form (the child route) on the right,
 * and the side panel over everything. It fills the window (the route's `fillsViewport`): the
 * list and the form scroll on their own, the top bar and the tabs stay.
 */
export function OperatorConsole({ flavour }: { flavour: Flavour }) {
  const user = useCurrentUser();
  const panel = useOrderPanel();
  return (
    <Stack
      gap="xs"
      style={{ flex: 1, minHeight: 0 }}
      data-testid="operator-console"
      data-flavour={flavour}
    >
      <OperatorTopBar userId={user.id} flavour={flavour} onOpen={panel.open} />
      <BoardWithAside
        asideWidth="minmax(400px, 440px)"
        board={<OrderBoard userId={user.id} flavour={flavour} onOpen={panel.open} />}
        aside={<Outlet />}
      />
      <OrderSidePanel orderId={panel.openId} flavour={flavour} onClose={panel.close} />
    </Stack>
  );
}
