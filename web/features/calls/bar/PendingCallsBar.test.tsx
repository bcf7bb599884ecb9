import type { CallerInfo } from '@common/calls/calls.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderSoftphone } from '../testing/render-softphone';
import { acceptedOrder, SETTINGS } from '../testing/softphone-fixture';
import { CALL_OPTION_KEYS } from '../use-call-options';
import { PendingCallsBar } from './PendingCallsBar';

afterEach(() => vi.unstubAllGlobals());

const CALLERS: Record<string, CallerInfo> = {
  '+40722111001': {
    phone: '+40722111001',
    client_id: 5,
    name: 'Ion Popescu',
    last_address: 'Strada Lăpușneanu 10, Iași',
    orders_count: 23,
    blocked: false,
    blocked_reason: null,
  },
  '+40722111002': {
    phone: '+40722111002',
    client_id: 6,
    name: 'Vasile Rău',
    last_address: null,
    orders_count: 1,
    blocked: true,
    blocked_reason: 'Comenzi false',
  },
};

function serve() {
  return stubFetch({
    'GET /api/calls/sip-settings': () => json(200, SETTINGS),
    'GET /api/calls/caller': (request) => {
      const phone = request.query.get('phone') ?? '';
      return json(
        200,
        CALLERS[phone] ?? {
          phone,
          client_id: null,
          name: null,
          last_address: null,
          orders_count: 0,
          blocked: false,
          blocked_reason: null,
        },
      );
    },
    'POST /api/calls/accept': (request) => {
      const body = request.body as { phone_number: string; sip_caller_id: string };
      return json(200, acceptedOrder(100, body.phone_number, body.sip_caller_id));
    },
  });
}

async function ringing() {
  const setup = renderSoftphone(<PendingCallsBar />);
  await waitFor(() => expect(setup.uas).toHaveLength(1));
  act(() => setup.ua().registered());
  return setup;
}

describe('pending-calls bar (Shell)', () => {
  it('shows each ringing call with who is calling, the answer key and the free lines', async () => {
    const api = serve();
    const { ua } = await ringing();
    expect(screen.queryByTestId('pending-calls')).toBeNull();

    act(() => {
      ua().ring('call-a', '+40722111001');
      ua().ring('call-b', '+40722111002');
      ua().ring('call-c', '+40722111003', 'Sipp Caller');
    });
    const bar = await screen.findByTestId('pending-calls');
    expect(within(bar).getByTestId('pending-calls-count').textContent).toBe('3 apeluri sună');
    expect(within(bar).getByTestId('free-lines').textContent).toBe('Linii libere: 12/15');

    const cards = within(bar).getAllByTestId('pending-call');
    expect(cards.map((card) => within(card).getByTestId('pending-call-phone').textContent)).toEqual(
      ['+40722111001', '+40722111002', '+40722111003'],
    );
    const [known, blocked, unknown] = cards as [HTMLElement, HTMLElement, HTMLElement];
    await waitFor(() =>
      expect(within(known).getByTestId('pending-call-name').textContent).toBe('Ion Popescu'),
    );
    expect(within(known).getByTestId('pending-call-details').textContent).toBe(
      '23 de comenzi · Strada Lăpușneanu 10, Iași',
    );
    await waitFor(() => expect(within(blocked).getByTestId('pending-call-blocked')).toBeTruthy());
    expect(within(blocked).getByTestId('pending-call-blocked').getAttribute('aria-label')).toBe(
      'Blocat: Comenzi false',
    );
    expect(within(blocked).getByTestId('pending-call-details').textContent).toBe(
      '1 comandă · Fără adresă salvată',
    );
    await waitFor(() =>
      expect(within(unknown).getByTestId('pending-call-name').textContent).toBe('Client nou'),
    );
    expect(within(unknown).getByTestId('pending-call-details').textContent).toBe(
      'Nicio comandă anterioară',
    );
    // One lookup per number.
    expect(api.calls('GET /api/calls/caller').map((r) => r.query.get('phone'))).toEqual([
      '+40722111001',
      '+40722111002',
      '+40722111003',
    ]);

    // The oldest call's button names the answer key; the others answer by click only.
    const buttons = cards.map((card) => within(card).getByTestId('pending-call-answer'));
    expect(buttons.map((b) => b.textContent)).toEqual(['Răspunde (F1)', 'Răspunde', 'Răspunde']);
  });

  it('answers with F1: the order is accepted, SIP answers and the order form opens', async () => {
    const api = serve();
    const { ua, router } = await ringing();
    let session: ReturnType<ReturnType<typeof ua>['ring']> | undefined;
    act(() => {
      session = ua().ring('call-a', '+40722111001');
    });
    await screen.findByTestId('pending-calls');
    fireEvent.keyDown(window, { key: 'F1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/order/100'));
    expect(api.calls('POST /api/calls/accept')[0]?.body).toEqual({
      phone_number: '+40722111001',
      sip_caller_id: 'call-a',
    });
    expect(session?.answered).toHaveLength(1);
    expect(screen.queryByTestId('pending-calls')).toBeNull();
    // The hidden active-calls list has it, as F1.
    const item = screen.getByTestId('active-call');
    expect(item.dataset).toMatchObject({ state: 'active', fkey: 'F1', orderId: '100' });
  });

  it('answers with the backtick when it is the chosen key, and by click', async () => {
    serve();
    storage.set(CALL_OPTION_KEYS.answerKey, '`');
    const { ua, phone } = await ringing();
    act(() => {
      ua().ring('call-a', '+40722111001');
      ua().ring('call-b', '+40722111002');
    });
    const bar = await screen.findByTestId('pending-calls');
    expect(within(bar).getAllByTestId('pending-call-answer')[0]?.textContent).toBe('Răspunde (`)');
    // F1 is not the answer key now: with no live call it does nothing to the ringing ones.
    fireEvent.keyDown(window, { key: 'F1' });
    expect(phone.getSnapshot().lines.map((l) => l.state)).toEqual(['ringing', 'ringing']);
    fireEvent.keyDown(window, { key: '`' });
    await waitFor(() => expect(phone.getSnapshot().lines[0]?.state).toBe('active'));
    fireEvent.click(within(bar).getAllByTestId('pending-call-answer')[0] as HTMLElement);
    await waitFor(() =>
      expect(phone.getSnapshot().lines.map((l) => l.state)).toEqual(['held', 'active']),
    );
  });

  it('shows a callback ringing at the client’s, which the dispatcher can give up', async () => {
    const api = serve();
    const { ua, phone } = await ringing();
    act(() => {
      phone.callBack({
        id: 9,
        phone: '+40722111001',
        sip_caller_id: 'gone',
        code: 487,
        client_name: 'Ion Popescu',
        created_at: '2030-01-01 08:00:00',
        handled_at: null,
        handled_by: null,
      });
    });
    const bar = await screen.findByTestId('pending-calls');
    expect(within(bar).getByTestId('pending-calls-count').textContent).toBe('Se apelează');
    expect(within(bar).getByTestId('pending-call').getAttribute('aria-label')).toBe(
      'Se apelează +40722111001',
    );
    fireEvent.click(within(bar).getByTestId('pending-call-hangup'));
    expect(ua().outgoing[0]?.session.terminated).toHaveLength(1);
    expect(screen.queryByTestId('pending-calls')).toBeNull();
    // Nothing was answered: no order, nothing to cancel.
    expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(0);
  });
});
