import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { buildOrder } from '../../../test/order-fixtures';
import { renderSoftphone } from '../../calls/testing/render-softphone';
import { acceptedOrder, SETTINGS } from '../../calls/testing/softphone-fixture';
import { OrderTable } from './OrderTable';

afterEach(() => vi.unstubAllGlobals());

describe('order list and the softphone (Control and SIP columns)', () => {
  it("labels the dispatcher's calls with their lines' F-keys and shows their live state", async () => {
    stubFetch({
      'GET /api/calls/sip-settings': () => json(200, SETTINGS),
      'POST /api/calls/accept': (request) => {
        const body = request.body as { phone_number: string; sip_caller_id: string };
        const id = body.sip_caller_id === 'call-a' ? 100 : 101;
        return json(200, acceptedOrder(id, body.phone_number, body.sip_caller_id));
      },
    });
    const other = buildOrder({
      id: 55,
      dispatcher_id: 99,
      call: {
        phone: '+40722000055',
        state: 'started',
        started_at: '2030-01-01 07:59:00',
        ended_at: null,
        sip_caller_id: 'theirs',
      },
    });
    const orders = [
      other,
      // The list's copies (a poll ago): both calls 'started' on the server.
      acceptedOrder(101, '+40722111002', 'call-b'),
      acceptedOrder(100, '+40722111001', 'call-a'),
    ];
    const { ua, phone } = renderSoftphone(
      <OrderTable
        orders={orders}
        userId={7}
        flavour="taxi"
        inCallTab
        emptyText="Nimic"
        onOpen={() => undefined}
      />,
    );
    await waitFor(() => expect(phone.getSnapshot().status).toBe('connecting'));
    act(() => ua().registered());
    act(() => {
      ua().ring('call-a', '+40722111001');
      ua().ring('call-b', '+40722111002');
    });
    await act(() => phone.answer('call-a'));
    await act(() => phone.answer('call-b'));

    const row = (id: number) => screen.getByTestId(`order-row-${id}`);
    // Numbered by the lines (call-a arrived first), not by the rows' order.
    expect(within(row(100)).getByTestId('order-hotkey-100').textContent).toBe('F1');
    expect(within(row(101)).getByTestId('order-hotkey-101').textContent).toBe('F2');
    expect(within(row(55)).queryByTestId('order-hotkey-55')).toBeNull();
    // call-a was held when call-b was answered: the softphone knows before the next poll.
    expect(within(row(100)).getByTestId('order-sip-100').textContent).toBe('În așteptare');
    expect(within(row(101)).getByTestId('order-sip-101').textContent).toBe('În apel');
    expect(within(row(55)).getByTestId('order-sip-55').textContent).toBe('În apel');
    expect(within(row(55)).getByTestId('order-sip-55').getAttribute('title')).toBe(
      'În apel · SIP theirs',
    );
  });
});
