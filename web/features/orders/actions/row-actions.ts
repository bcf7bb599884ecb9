import {
  canAssignManually,
  canCancel,
  canDuplicate,
  canMoveToPending,
  canRemoveAlwaysInCall,
  canRetry,
} from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';

export type RowActionId = 'cancel' | 'moveToPending' | 'removeFromCall' | 'assign' | 'duplicate';

export const ROW_ACTION_LABELS: Record<RowActionId, string> = {
  cancel: 'Anulează',
  moveToPending: 'Mută în coadă',
  removeFromCall: 'Scoate din apel',
  assign: 'Alocă manual',
  duplicate: 'Dublează',
};

type RuleFacts = Pick<
  Order,
  'state' | 'dispatcher_id' | 'driver_id' | 'in_pending_queue' | 'always_in_call'
>;

/** The Actions column's entries for an order, decided by the order state rules of common/. */
export function rowActions(order: RuleFacts, userId: number): RowActionId[] {
  const actions: RowActionId[] = [];
  if (canCancel(order)) actions.push('cancel');
  if (canMoveToPending(order, userId)) actions.push('moveToPending');
  if (canRemoveAlwaysInCall(order)) actions.push('removeFromCall');
  if (canAssignManually(order)) actions.push('assign');
  if (canDuplicate(order)) actions.push('duplicate');
  return actions;
}

/** The Driver column's retry button, for canceled own orders (canRetry). */
export const showsRetry = (order: Pick<Order, 'state' | 'dispatcher_id'>, userId: number) =>
  order.state === 'canceled' && canRetry(order, userId);
