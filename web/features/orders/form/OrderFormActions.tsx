import { can } from '@common/auth/page-access';
import {
  canAssignManually,
  canCancel,
  canDuplicate,
  canNotifyDrivers,
  canRetry,
} from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import { Button, Group } from '@mantine/core';
import { useCurrentUser } from '../../auth';
import { useReadsPeople } from '../../users';

interface OrderFormActionsProps {
  order: Order;
  userId: number;
  busy: { cancel: boolean; retry: boolean; duplicate: boolean };
  onCancel: () => void;
  onRetry: () => void;
  onAssign: () => void;
  onNotify: () => void;
  onDuplicate: () => void;
  onBlockPhone: () => void;
  onHistory: () => void;
  onClientHistory: (() => void) | null;
  /** Null for a user who may not report incidents (docs/ADMINISTRATION.md "Dashboard"). */
  onReportIncident: (() => void) | null;
}

/** Order screen actions, each shown only when the order state rules allow it. */
export function OrderFormActions({ order, userId, busy, ...on }: OrderFormActionsProps) {
  // A company user picks no driver (the API answers him 403).
  const picksDrivers = useReadsPeople();
  // Blocked numbers are the dispatch company's (a protocol client has none to manage).
  const blocksPhones = can(useCurrentUser(), 'operates');
  return (
    <Group gap={6} data-testid="order-form-actions">
      {canCancel(order) && (
        <Button size="xs" color="red" variant="light" loading={busy.cancel} onClick={on.onCancel}>
          Anulează
        </Button>
      )}
      {canRetry(order, userId) && (
        <Button size="xs" variant="light" loading={busy.retry} onClick={on.onRetry}>
          Retrimite
        </Button>
      )}
      {picksDrivers && canAssignManually(order) && (
        <Button size="xs" variant="light" onClick={on.onAssign}>
          Alocă manual
        </Button>
      )}
      {picksDrivers && canNotifyDrivers(order) && (
        <Button size="xs" variant="light" onClick={on.onNotify} data-testid="order-notify-drivers">
          Notifică șoferi aleși
        </Button>
      )}
      {canDuplicate(order) && (
        <Button size="xs" variant="default" loading={busy.duplicate} onClick={on.onDuplicate}>
          Dublează
        </Button>
      )}
      <Button size="xs" variant="default" onClick={on.onHistory}>
        Istoric procesare
      </Button>
      {on.onClientHistory && (
        <Button size="xs" variant="default" onClick={on.onClientHistory}>
          Istoric client
        </Button>
      )}
      {on.onReportIncident && (
        <Button size="xs" variant="default" onClick={on.onReportIncident}>
          Raportează incident
        </Button>
      )}
      {blocksPhones && order.phone && (
        <Button size="xs" variant="subtle" color="red" onClick={on.onBlockPhone}>
          Blochează numărul
        </Button>
      )}
    </Group>
  );
}
