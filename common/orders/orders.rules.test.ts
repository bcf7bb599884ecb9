import { describe, expect, it } from 'vitest';
import {
  canAssignManually,
  canCancel,
  canDuplicate,
  canMoveToPending,
  canPlace,
  canRemoveAlwaysInCall,
  canRetry,
  isEditable,
  placeLabel,
  REFUSALS,
  togglePaymentType,
  updateRefusal,
} from './orders.rules';
import { ORDER_STATES, type OrderState } from './orders.schema';

const order = (
  state: OrderState,
  extra: Partial<{
    dispatcher_id: number | null;
    driver_id: number | null;
    in_pending_queue: boolean;
    always_in_call: boolean;
  }> = {},
) => ({
  state,
  dispatcher_id: 7,
  driver_id: null,
  in_pending_queue: false,
  always_in_call: false,
  ...extra,
});
const allowedStates = (rule: (state: OrderState) => boolean) => ORDER_STATES.filter(rule);

describe('order rules', () => {
  it('edits only new orders', () => {
    expect(allowedStates((s) => isEditable(order(s)))).toEqual(['new']);
  });

  it('places only new orders', () => {
    expect(allowedStates((s) => canPlace(order(s)))).toEqual(['new']);
  });

  it('refuses placing an order that is not new with its own message, before the edit rule', () => {
    expect(updateRefusal(order('new'), { place: true, phone: '0744123456' })).toBeNull();
    expect(updateRefusal(order('created'), { place: true })).toBe(REFUSALS.place);
    expect(updateRefusal(order('finished'), { place: true, comment: 'x' })).toBe(REFUSALS.place);
  });

  it('lets an order that is not new take only its comment, client name, notes and payment', () => {
    expect(
      updateRefusal(order('assigned'), {
        comment: 'x',
        client_name: 'Ana',
        about_client: null,
        payment_type: 'protocol',
        protocol_company_id: null,
      }),
    ).toBeNull();
    expect(updateRefusal(order('assigned'), {})).toBeNull();
    for (const body of [{ phone: '0744123456' }, { options: [] }, { place: false }]) {
      expect(updateRefusal(order('created'), body), JSON.stringify(body)).toBe(
        REFUSALS.notEditable,
      );
    }
  });

  it('cancels only in created or assigned', () => {
    expect(allowedStates((s) => canCancel(order(s)))).toEqual(['created', 'assigned']);
  });

  it("retries only the dispatcher's own canceled or pending orders", () => {
    expect(allowedStates((s) => canRetry(order(s), 7))).toEqual(['pending', 'canceled']);
    expect(allowedStates((s) => canRetry(order(s), 8))).toEqual([]);
    expect(canRetry(order('canceled', { dispatcher_id: null }), 7)).toBe(false);
  });

  it('assigns manually only canceled or pending orders without a driver', () => {
    expect(allowedStates((s) => canAssignManually(order(s)))).toEqual(['pending', 'canceled']);
    expect(canAssignManually(order('pending', { driver_id: 3 }))).toBe(false);
  });

  it('moves own created or pending orders to the queue once', () => {
    expect(allowedStates((s) => canMoveToPending(order(s), 7))).toEqual(['created', 'pending']);
    expect(canMoveToPending(order('created'), 8)).toBe(false);
    expect(canMoveToPending(order('created', { in_pending_queue: true }), 7)).toBe(false);
  });

  it('duplicates any order that is not new', () => {
    expect(allowedStates((s) => canDuplicate(order(s)))).toEqual([
      'created',
      'pending',
      'assigned',
      'finished',
      'canceled',
    ]);
  });

  it('removes always_in_call only when set', () => {
    expect(canRemoveAlwaysInCall(order('created', { always_in_call: true }))).toBe(true);
    expect(canRemoveAlwaysInCall(order('created'))).toBe(false);
  });

  it('toggles payment between cash and protocol', () => {
    expect(togglePaymentType('cash')).toBe('protocol');
    expect(togglePaymentType('protocol')).toBe('cash');
    expect(togglePaymentType('card')).toBe('protocol');
  });

  it('labels places A, B, C by index', () => {
    expect([0, 1, 2].map(placeLabel)).toEqual(['A', 'B', 'C']);
  });
});
