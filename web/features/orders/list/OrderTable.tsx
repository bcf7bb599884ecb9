import type { Order } from '@common/orders/orders.schema';
import { Center, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { orderFormPath } from '../../../lib/orders/flavour';
import { FLAVOUR_LABELS, type Flavour } from '../../../lib/orders/labels';
import { useNow } from '../../../lib/use-now';
import { useOrderCallLines } from '../../calls';
import { useReadsPeople } from '../../users';
import { askCancelReason } from '../actions/cancel-prompt';
import { ManualAssignModal } from '../actions/ManualAssignModal';
import { type RowActionId, rowActions, showsRetry } from '../actions/row-actions';
import { useOrderActions } from '../actions/use-order-actions';
import { OrderRow } from './OrderRow';
import { asksForAddress, ownFirst } from './order-list';

interface OrderTableProps {
  orders: readonly Order[];
  userId: number;
  flavour: Flavour;
  /**
   * The in-call tab: the dispatcher's calls labelled F1…F9 (their hold keys, numbered
   * by the softphone's lines), and its open orders ask for a missing address (asksForAddress).
   */
  inCallTab?: boolean;
  /** Keep the server's order instead of own orders first (the search results). */
  keepOrder?: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
  testId?: string;
}

/**
 * Below this the table scrolls sideways in its container rather than squeezing the address to
 * nothing; at 1440 px with the order form open it is never reached.
 */
const TABLE_MIN_WIDTH = 720;

/**
 * Order list: the eight columns, own orders first, the actions the rules allow.
 * One set of mutations for the whole table (not per row). Every row is one line (
 * a shift needs 20 rows in view): fixed column widths, the address takes what is left and is
 * cut with an ellipsis, the full text on hover. The table does not scroll itself: the tab's
 * list or the caller's box does, so its sticky header sticks to the one that scrolls.
 */
export function OrderTable({
  orders,
  userId,
  flavour,
  inCallTab = false,
  keepOrder = false,
  emptyText,
  onOpen,
  testId = 'order-table',
}: OrderTableProps) {
  const actions = useOrderActions();
  const navigate = useNavigate();
  const [assigning, setAssigning] = useState<number | null>(null);
  // A company user picks no driver (the API answers him 403).
  const picksDrivers = useReadsPeople();
  const callLines = useOrderCallLines();
  const rows = keepOrder ? orders : ownFirst(orders, userId);
  const labels = FLAVOUR_LABELS[flavour];
  // One clock for the whole table: the trip phases count minutes.
  const now = useNow(30_000);

  const onAction = (order: Order, action: RowActionId) => {
    switch (action) {
      case 'cancel':
        askCancelReason(order.id, (reason) => actions.cancel.mutate({ id: order.id, reason }));
        return;
      case 'moveToPending':
        actions.moveToPending.mutate(order.id);
        return;
      case 'removeFromCall':
        actions.removeFromCall.mutate(order.id);
        return;
      case 'assign':
        setAssigning(order.id);
        return;
      case 'duplicate':
        actions.duplicate.mutate(
          { id: order.id, key: actions.newDuplicateKey() },
          { onSuccess: ({ id }) => void navigate(orderFormPath(flavour, id)) },
        );
        return;
    }
  };

  return (
    <>
      <Table
        highlightOnHover
        stickyHeader
        layout="fixed"
        miw={TABLE_MIN_WIDTH}
        verticalSpacing={3}
        horizontalSpacing={8}
        data-testid={testId}
      >
        <Table.Thead fz="xs" c="dimmed">
          <Table.Tr>
            {/* The in-call tab: F-key, #id and the call's time (5-digit ids, calls over an hour). */}
            <Table.Th w={inCallTab ? 148 : 64}>Control</Table.Th>
            {/* Another day's 'DD.MM HH:mm' whole. */}
            <Table.Th w={110}>Ora</Table.Th>
            <Table.Th w={128}>Telefon</Table.Th>
            {/* Call sign, waiting minutes and the state or trip phase; the in-call tab's orders
                have no driver yet, and its Control column is wider. */}
            <Table.Th w={inCallTab ? 150 : 224}>{labels.driver}</Table.Th>
            <Table.Th>Adresă</Table.Th>
            <Table.Th w={120}>Client</Table.Th>
            <Table.Th w={56}>Acțiuni</Table.Th>
            <Table.Th w={72}>SIP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              now={now}
              hotkey={inCallTab ? (callLines.hotkeys.get(order.id) ?? null) : null}
              liveCallState={callLines.states.get(order.id) ?? null}
              promptsAddress={asksForAddress(order, inCallTab)}
              isOwn={order.dispatcher_id === userId}
              formPath={orderFormPath(flavour, order.id)}
              actions={rowActions(order, userId).filter(
                (action) => action !== 'assign' || picksDrivers,
              )}
              showRetry={showsRetry(order, userId)}
              retrying={actions.retry.isPending && actions.retry.variables === order.id}
              savingName={
                actions.updateName.isPending && actions.updateName.variables?.id === order.id
              }
              onOpen={onOpen}
              onRetry={(id) => actions.retry.mutate(id)}
              onSaveName={(id, name) =>
                actions.updateName.mutateAsync({ id, name, about: order.about_client })
              }
              onAction={onAction}
            />
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Center py="xl">
          <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        </Center>
      )}
      <ManualAssignModal
        orderId={assigning}
        driverLabel={labels.driver}
        submitting={actions.assignDriver.isPending}
        onClose={() => setAssigning(null)}
        onSubmit={(id, driverId) => actions.assignDriver.mutateAsync({ id, driverId })}
      />
    </>
  );
}
