import { Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { useShortcuts } from '../../../lib/shortcuts';
import { useCurrentUser } from '../../auth';
import { DriversMap } from '../../drivers';
import { QuickOrderForm } from '../form/QuickOrderForm';
import { OrderSidePanel } from '../panel/OrderSidePanel';
import { useOrderPanel } from '../panel/use-order-panel';
import { BoardWithAside } from './BoardWithAside';
import { OperatorTopBar } from './OperatorTopBar';
import { OrderBoard } from './OrderBoard';

/**
 * Operator v2 quick screen: split view of the order list and the drivers map, and the
 * quick form fixed at the bottom of the window (the page never scrolls; the list ends above
 * the form). '+' opens or focuses the form,
 * '-' closes it, Ctrl+Enter places; Space accepts the first pending call (features/calls/shell/
 * use-call-keys.ts).
 */
export function OperatorV2() {
  const user = useCurrentUser();
  const panel = useOrderPanel();
  const [open, setOpen] = useState(true);
  const addressRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<(() => void) | null>(null);

  const openForm = () => {
    setOpen(true);
    // After the form has rendered.
    window.setTimeout(() => addressRef.current?.focus(), 0);
  };

  useShortcuts({
    openQuickOrder: openForm,
    closeQuickOrder: () => setOpen(false),
    // Ctrl+Enter places the quick form's order: bound only while the form is open (a
    // closed form keeps its last submit in the ref, and the key is then left to the page).
    ...(open ? { placeOrder: () => submitRef.current?.() } : {}),
  });

  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }} data-testid="operator-v2">
      <OperatorTopBar userId={user.id} flavour="taxi" onOpen={panel.open} onNewOrder={openForm} />
      <BoardWithAside
        asideWidth="minmax(340px, 440px)"
        board={<OrderBoard userId={user.id} flavour="taxi" onOpen={panel.open} />}
        aside={<DriversMap onOpenOrder={panel.open} />}
      />
      {/* Fixed at the bottom by the layout, not over it: the list above ends where it begins,
          so no row hides under it. */}
      {open && (
        <QuickOrderForm
          addressRef={addressRef}
          submitRef={submitRef}
          onClose={() => setOpen(false)}
        />
      )}
      <OrderSidePanel orderId={panel.openId} flavour="taxi" onClose={panel.close} />
    </Stack>
  );
}
