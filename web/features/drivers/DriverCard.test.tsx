import type { LoggedUser } from '@common/auth/auth.schema';
import type { DriverState } from '@common/drivers/drivers.schema';
import type { User } from '@common/users/users.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { MessagesShell } from '../messages/MessagesShell';
import { DriverCard } from './DriverCard';
import { applyDriverStateEvent } from './driver-events';

afterEach(() => vi.unstubAllGlobals());

const DRIVER: User = {
  id: 41,
  name: 'Ion Popescu',
  email: 'sofer101@ogo.local',
  phone: '+40740000101',
  identifier: 'D-101',
  roles: ['driver'],
  company_ids: [1],
  is_online: true,
  is_busy: false,
  is_paused: false,
  high_priority: true,
  balance: 12_550,
  current_location: [27.6, 47.16],
  current_polygon_id: null,
  ban_until: null,
  ban_reason: null,
  default_car: {
    id: 3,
    indicativ: '101',
    make: 'Dacia',
    model: 'Logan',
    color: 'alb',
    number: 'IS-01-OGO',
  },
  created_at: '2030-01-01 08:00:00',
};

const LONG_ADDRESS = 'Strada Vasile Lupu 120, bloc A3, scara 2, Iași';

function renderCard(user: LoggedUser = dispatcher) {
  const api = stubFetch({
    'GET /api/users/41': () => json(200, DRIVER),
    'GET /api/orders': (request: StubRequest) => {
      const active = request.query.get('states') === 'created,pending,assigned';
      const order = active
        ? buildOrder({ id: 900, state: 'assigned', address: LONG_ADDRESS, driver_id: 41 })
        : buildOrder({ id: 800, state: 'finished', address: 'Piața Unirii 1', driver_id: 41 });
      return json(200, { data: [order], meta: { total: 1, page: 1, per_page: 5 } });
    },
    'PATCH /api/users/41/ban': (request: StubRequest) =>
      json(
        200,
        Object.keys(request.body as object).length === 0
          ? { date: null, reason: null }
          : { date: '2099-05-01 13:00:00', reason: 'Refuzuri repetate' },
      ),
  });
  const onOpenOrder = vi.fn();
  const utils = renderUi(
    <DriverCard driverId={41} onClose={() => {}} onOpenOrder={onOpenOrder} />,
    { user },
  );
  return { api, onOpenOrder, ...utils };
}

describe('the driver card (drivers map)', () => {
  it("opens his conversation in the header's chat with 'Mesaj'", async () => {
    const api = stubFetch({
      'GET /api/users/41': () => json(200, DRIVER),
      'GET /api/orders': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 5 } }),
      'GET /api/messages/unread-count': () => json(200, { count: 0 }),
      'GET /api/messages/self-interlocutors': () => json(200, []),
      'GET /api/messages/self': () => json(200, { data: [], has_more: false }),
    });
    renderUi(
      <>
        <MessagesShell />
        <DriverCard driverId={41} onClose={() => {}} />
      </>,
      { user: dispatcher },
    );
    fireEvent.click(await screen.findByTestId('driver-message-41'));
    expect((await screen.findByTestId('chat-title')).textContent).toBe('Ion Popescu');
    expect(screen.getByTestId('chat-popover').textContent).toContain('101');
    await waitFor(() => expect(api.calls('GET /api/messages/self')).toHaveLength(1));
    expect(api.calls('GET /api/messages/self')[0]?.query.get('interlocutor_id')).toBe('41');
  });

  it("shows the driver's facts, his active orders and his history", async () => {
    const { api, onOpenOrder } = renderCard();
    expect((await screen.findByTestId('driver-card-indicativ')).textContent).toContain('101');
    expect(screen.getByTestId('driver-card-blocked').textContent).toBe('nu');
    expect(screen.getByTestId('driver-card-online').textContent).toBe('da');
    expect(screen.getByTestId('driver-card-busy').textContent).toBe('nu');
    expect(screen.getByTestId('driver-card-priority').textContent).toBe('da');
    expect(screen.getByTestId('driver-card-model').textContent).toContain('Dacia Logan');
    expect(screen.getByTestId('driver-card-color').textContent).toContain('alb');
    expect(screen.getByTestId('driver-card-number').textContent).toContain('IS-01-OGO');
    expect(screen.getByTestId('driver-card-balance').textContent).toContain('125,50 RON');
    expect(screen.getByTestId('driver-card-identifier').textContent).toContain('D-101');
    expect(screen.getByTestId('driver-card-name').textContent).toContain('Ion Popescu');
    // The driver's edit page opens beside the console.
    expect(screen.getByTestId('driver-card-edit').getAttribute('href')).toMatch(
      /^\/user\/\d+\/driver$/,
    );
    expect(screen.getByTestId('driver-card-call').getAttribute('href')).toBe('tel:+40740000101');

    // The address is cut at 35 characters on the map card.
    const active = await screen.findByTestId('driver-order-900');
    expect(active.textContent).toContain(`${LONG_ADDRESS.slice(0, 35)}…`);
    expect((await screen.findByTestId('driver-order-800')).textContent).toContain('Piața Unirii 1');
    const [activeQuery] = api.calls('GET /api/orders').map((r) => r.query);
    expect(activeQuery?.get('driver_id')).toBe('41');
    fireEvent.click(active);
    expect(onOpenOrder).toHaveBeenCalledWith(900);
  });

  it('links his balance to its history in a new tab, for whoever may open the history', async () => {
    renderCard();
    const link = await screen.findByTestId('driver-card-balance-history');
    expect(link.getAttribute('href')).toBe('/finances/history?driver_id=41');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers no balance history to whoever may not open it (a protocol client)', async () => {
    renderCard({
      ...dispatcher,
      roles: ['company'],
      companies: [{ id: 5, name: 'Hotel', type: 'protocol', package_id: 1, lat: null, lng: null }],
    });
    expect((await screen.findByTestId('driver-card-balance')).textContent).toContain('125,50 RON');
    expect(screen.queryByTestId('driver-card-balance-history')).toBeNull();
  });

  it('bans for 3 h only with a reason, and posts the unit, amount and reason', async () => {
    const { api } = renderCard();
    fireEvent.click(await screen.findByTestId('driver-card-ban'));
    fireEvent.click(await screen.findByTestId('driver-ban-3h'));
    const modal = await screen.findByTestId('driver-ban-modal');

    // A blank reason: the Romanian message, and nothing sent.
    fireEvent.change(within(modal).getByTestId('driver-ban-reason'), {
      target: { value: '   ' },
    });
    fireEvent.click(within(modal).getByTestId('driver-ban-submit'));
    expect(await within(modal).findByText('Motivul blocării este obligatoriu.')).toBeTruthy();
    expect(api.calls('PATCH /api/users/41/ban')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('driver-ban-reason'), {
      target: { value: 'Refuzuri repetate' },
    });
    fireEvent.click(within(modal).getByTestId('driver-ban-submit'));
    await waitFor(() => expect(api.calls('PATCH /api/users/41/ban')).toHaveLength(1));
    expect(api.calls('PATCH /api/users/41/ban')[0]?.body).toEqual({
      unit: 'hours',
      amount: 3,
      reason: 'Refuzuri repetate',
    });
    expect(await screen.findByText('Driver banned')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('driver-card-blocked').textContent).toMatch(/^da/),
    );
    expect(screen.getByTestId('driver-card-ban-reason').textContent).toContain('Refuzuri repetate');
    expect(screen.getByTestId('driver-card-ban-state').textContent).toContain('Blocat');

    // Unban: an empty body, the ban cleared.
    fireEvent.click(screen.getByTestId('driver-card-unban'));
    await waitFor(() => expect(api.calls('PATCH /api/users/41/ban')).toHaveLength(2));
    expect(api.calls('PATCH /api/users/41/ban')[1]?.body).toEqual({});
    expect(await screen.findByText('Driver unbanned')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('driver-card-blocked').textContent).toBe('nu'));
  });

  it('asks permanent and 4-day bans with their own bodies', async () => {
    const { api } = renderCard();
    for (const [key, body] of [
      ['forever', { ban_forever: true, reason: 'Fraudă' }],
      ['4d', { unit: 'days', amount: 4, reason: 'Fraudă' }],
    ] as const) {
      fireEvent.click(await screen.findByTestId('driver-card-ban'));
      fireEvent.click(await screen.findByTestId(`driver-ban-${key}`));
      const modal = await screen.findByTestId('driver-ban-modal');
      fireEvent.change(within(modal).getByTestId('driver-ban-reason'), {
        target: { value: 'Fraudă' },
      });
      fireEvent.click(within(modal).getByTestId('driver-ban-submit'));
      await waitFor(() => expect(api.calls('PATCH /api/users/41/ban').at(-1)?.body).toEqual(body));
      // Back to active for the next option (the answer says banned: unban first).
      fireEvent.click(await screen.findByTestId('driver-card-unban'));
      await screen.findByTestId('driver-card-ban');
    }
  });

  it("follows the driver's state pushes", async () => {
    const { queryClient } = renderCard();
    await screen.findByTestId('driver-card-indicativ');
    const state: DriverState = {
      driver_id: 41,
      is_online: true,
      is_paused: false,
      is_busy: true,
      high_priority: false,
      ban_until: '2100-01-01 00:00:00',
      ban_reason: 'Permis suspendat',
      idle_from: null,
      seq: 12,
    };
    act(() => applyDriverStateEvent(queryClient, state));
    // The cache notifies its observers on the next tick.
    await waitFor(() => expect(screen.getByTestId('driver-card-busy').textContent).toBe('da'));
    expect(screen.getByTestId('driver-card-priority').textContent).toBe('nu');
    expect(screen.getByTestId('driver-card-blocked').textContent).toContain('da · permanent');
    expect(screen.getByTestId('driver-card-ban-reason').textContent).toContain('Permis suspendat');
  });
});
