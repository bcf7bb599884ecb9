import type { Order } from '@common/orders/orders.schema';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatListTime } from '../../../lib/dates';
import { CALL_STATE_LABELS, orderAddress } from '../../../lib/orders/labels';
import { RowActionsMenu } from '../actions/RowActionsMenu';
import type { RowActionId } from '../actions/row-actions';
import { hasActiveCall } from '../tabs';
import { AddressCell } from './AddressCell';
import { ClientNameCell } from './ClientNameCell';
import { DriverCell } from './DriverCell';
import { ElapsedCallTime } from './ElapsedCallTime';
import { clientName } from './order-list';
import { isBooking, rowStatus } from './row-status';

export interface OrderRowProps {
  order: Order;
  /** The dispatcher's calls are labelled F1…F9 (their hold keys). */
  hotkey: string | null;
  /** The table's clock (minutes of the trip's phase, today or another day, bookings). */
  now: number;
  /** The state of this order's call on the dispatcher's softphone, fresher than the list's. */
  liveCallState: NonNullable<Order['call']>['state'] | null;
  /** A missing address asks for one ('Please enter address') instead of 'Adresă nespecificată.'. */
  promptsAddress: boolean;
  isOwn: boolean;
  formPath: string;
  actions: readonly RowActionId[];
  showRetry: boolean;
  retrying: boolean;
  savingName: boolean;
  onOpen: (id: number) => void;
  onRetry: (id: number) => void;
  onSaveName: (id: number, name: string) => Promise<unknown>;
  onAction: (order: Order, action: RowActionId) => void;
}

/** The SIP column: the live call stands out, a held one waits, an ended one is history. */
const CALL_STATE_COLORS = { started: 'teal.8', on_hold: 'orange.8', ended: 'dimmed' } as const;

/**
 * One order of a tab (Order list columns), on one line. Clicking the row opens the side
 * panel.
 */
export function OrderRow(props: OrderRowProps) {
  const { order, hotkey, isOwn } = props;
  const activeCall = hasActiveCall(order) && order.call ? order.call : null;
  const callState = props.liveCallState ?? order.call?.state ?? null;
  const status = rowStatus(order, props.now);
  // A booking is listed at its departure, any other order at its creation.
  const booking = isBooking(order, props.now);
  const listedAt = booking ? order.departure_time : order.created_at;
  return (
    <Table.Tr
      data-testid={`order-row-${order.id}`}
      data-state={order.state}
      data-own={isOwn ? 'true' : undefined}
      tabIndex={0}
      aria-label={`Comanda ${order.id}`}
      style={{ cursor: 'pointer' }}
      bg={isOwn ? 'var(--mantine-color-ogo-0)' : undefined}
      onClick={() => props.onOpen(order.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen(order.id);
      }}
    >
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {hotkey && (
            <Badge
              size="xs"
              variant="outline"
              color="gray"
              style={{ flex: 'none', overflow: 'visible' }}
              data-testid={`order-hotkey-${order.id}`}
            >
              {hotkey}
            </Badge>
          )}
          <Anchor
            component={Link}
            to={props.formPath}
            size="sm"
            fw={600}
            data-testid={`order-link-${order.id}`}
            onClick={(event) => event.stopPropagation()}
          >
            #{order.id}
          </Anchor>
          {activeCall && <ElapsedCallTime startedAt={activeCall.started_at} orderId={order.id} />}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text
          size="sm"
          ff="monospace"
          c={booking ? 'violet.8' : undefined}
          title={booking ? status.title : undefined}
          truncate
          data-testid={`order-time-${order.id}`}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatListTime(listedAt, props.now)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate data-testid={`order-phone-${order.id}`}>
          {order.client_phone || order.phone}
        </Text>
      </Table.Td>
      <Table.Td>
        <DriverCell
          order={order}
          status={status}
          showRetry={props.showRetry}
          retrying={props.retrying}
          onRetry={() => props.onRetry(order.id)}
        />
      </Table.Td>
      <Table.Td>
        <AddressCell
          address={orderAddress(order)}
          orderId={order.id}
          prompt={props.promptsAddress}
        />
      </Table.Td>
      <Table.Td>
        <ClientNameCell
          orderId={order.id}
          name={clientName(order)}
          saving={props.savingName}
          onSave={(name) => props.onSaveName(order.id, name)}
        />
      </Table.Td>
      <Table.Td>
        <RowActionsMenu
          orderId={order.id}
          actions={props.actions}
          onAction={(action) => props.onAction(order, action)}
        />
      </Table.Td>
      <Table.Td>
        {callState && (
          <Text
            size="xs"
            c={CALL_STATE_COLORS[callState]}
            truncate
            title={
              order.call?.sip_caller_id
                ? `${CALL_STATE_LABELS[callState]} · SIP ${order.call.sip_caller_id}`
                : CALL_STATE_LABELS[callState]
            }
            data-testid={`order-sip-${order.id}`}
            data-call-state={callState}
          >
            {CALL_STATE_LABELS[callState]}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
