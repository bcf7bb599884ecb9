import type { OrderState } from '@common/orders/orders.schema';
import { describe, expect, it } from 'vitest';
import { cancellationText, orderAddress } from '../../../lib/orders/labels';
import { buildOrder } from '../../../test/order-fixtures';
import { rowActions, showsRetry } from '../actions/row-actions';
import { belongsToTab } from '../tabs';
import { asksForAddress, clientName, ownFirst, truncateAddress } from './order-list';

const ME = 7;
const OTHER = 8;

describe('truncateAddress', () => {
  it('keeps addresses under 70 characters whole', () => {
    const text = 'a'.repeat(69);
    expect(truncateAddress(text)).toBe(text);
  });
  it('cuts addresses of 70 or more to 55 characters', () => {
    const text = 'b'.repeat(70);
    expect(truncateAddress(text)).toBe(`${'b'.repeat(55)}…`);
    expect(truncateAddress('c'.repeat(120))).toHaveLength(56);
  });
});

describe('ownFirst', () => {
  it("lists the dispatcher's own orders first, each group in the server's order", () => {
    const orders = [
      buildOrder({ id: 1, dispatcher_id: OTHER }),
      buildOrder({ id: 2, dispatcher_id: ME }),
      buildOrder({ id: 3, dispatcher_id: null }),
      buildOrder({ id: 4, dispatcher_id: ME }),
    ];
    expect(ownFirst(orders, ME).map((o) => o.id)).toEqual([2, 4, 1, 3]);
  });
});

describe('row actions follow the common rules', () => {
  const cases: [OrderState, Partial<Parameters<typeof buildOrder>[0]>, string[]][] = [
    ['created', {}, ['cancel', 'moveToPending', 'duplicate']],
    ['assigned', { driver_id: 3 }, ['cancel', 'duplicate']],
    ['pending', {}, ['moveToPending', 'assign', 'duplicate']],
    ['pending', { in_pending_queue: true }, ['assign', 'duplicate']],
    ['pending', { driver_id: 3 }, ['moveToPending', 'duplicate']],
    ['finished', { driver_id: 3 }, ['duplicate']],
    ['canceled', {}, ['assign', 'duplicate']],
    ['new', {}, []],
  ];
  it.each(cases)('%s %o → %o', (state, extra, expected) => {
    expect(rowActions(buildOrder({ state, ...extra }), ME)).toEqual(expected);
  });

  it("never offers the queue for another dispatcher's order", () => {
    expect(rowActions(buildOrder({ state: 'created', dispatcher_id: OTHER }), ME)).toEqual([
      'cancel',
      'duplicate',
    ]);
  });

  it('offers removing always_in_call only when it is set', () => {
    expect(rowActions(buildOrder({ state: 'finished', always_in_call: true }), ME)).toContain(
      'removeFromCall',
    );
  });

  it('shows the retry button for own canceled orders only', () => {
    expect(showsRetry(buildOrder({ state: 'canceled' }), ME)).toBe(true);
    expect(showsRetry(buildOrder({ state: 'canceled', dispatcher_id: OTHER }), ME)).toBe(false);
    expect(showsRetry(buildOrder({ state: 'pending' }), ME)).toBe(false);
  });
});

describe('cells', () => {
  it('shows a driver cancellation reason without the driver id', () => {
    expect(
      cancellationText({
        cancellation_reason_type: 'driver_canceled',
        cancellation_reason_text: '12~Pană',
      }),
    ).toBe('Anulată de șofer: Pană');
    expect(
      cancellationText({
        cancellation_reason_type: 'call_ended',
        cancellation_reason_text: 'Client finished call',
      }),
    ).toBe('Client finished call');
    expect(
      cancellationText({
        cancellation_reason_type: 'no_drivers_found',
        cancellation_reason_text: null,
      }),
    ).toBe('Șoferii nu au fost găsiți');
  });

  it("shows a dispatcher's reason from the list with its text, and 'Alt motiv' as its text", () => {
    expect(
      cancellationText({
        cancellation_reason_type: 'client_unreachable',
        cancellation_reason_text: 'Nu răspunde',
      }),
    ).toBe('Clientul nu răspunde: Nu răspunde');
    expect(
      cancellationText({
        cancellation_reason_type: 'duplicate_order',
        cancellation_reason_text: null,
      }),
    ).toBe('Comandă dublă');
    expect(
      cancellationText({
        cancellation_reason_type: 'dispatcher_canceled',
        cancellation_reason_text: 'Adresă greșită',
      }),
    ).toBe('Adresă greșită');
  });

  it('falls back to the first place and the client for address and name', () => {
    const order = buildOrder({ address: null, client_name: null, name: null });
    expect(orderAddress(order)).toBe('Strada Lăpușneanu 10, Iași');
    expect(clientName(order)).toBe('Ion Popescu');
    expect(orderAddress(buildOrder({ address: null, places: [] }))).toBe('');
  });

  it('decides tab membership as the server does', () => {
    expect(belongsToTab(buildOrder({ state: 'created' }), 'live')).toBe(true);
    expect(belongsToTab(buildOrder({ state: 'finished' }), 'live')).toBe(false);
    expect(belongsToTab(buildOrder({ always_in_call: true, state: 'finished' }), 'in-call')).toBe(
      true,
    );
    const call = {
      phone: '+40722111222',
      state: 'ended' as const,
      started_at: '2030-01-01 08:00:00',
      ended_at: null,
    };
    expect(belongsToTab(buildOrder({ call }), 'in-call')).toBe(false);
    expect(belongsToTab(buildOrder({ call: { ...call, state: 'on_hold' } }), 'in-call')).toBe(true);
  });
});

describe('asksForAddress (empty states, address cell)', () => {
  it('asks only for open orders of the in-call tab', () => {
    const open: OrderState[] = ['new', 'created', 'pending', 'assigned'];
    for (const state of open) expect(asksForAddress({ state }, true)).toBe(true);
    expect(asksForAddress({ state: 'finished' }, true)).toBe(false);
    expect(asksForAddress({ state: 'canceled' }, true)).toBe(false);
    for (const state of [...open, 'finished', 'canceled'] as const) {
      expect(asksForAddress({ state }, false)).toBe(false);
    }
  });
});
