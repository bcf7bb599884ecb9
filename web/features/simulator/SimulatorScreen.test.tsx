import type { DriverState, DriverStatus } from '@common/drivers/drivers.schema';
import type { Message } from '@common/messages/messages.schema';
import type { User } from '@common/users/users.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { buildConversation, buildMessage } from '../messages/testing/messages-fixtures';
import { SimulatorScreen } from './SimulatorScreen';
import {
  createSimulatorStore,
  type DriverSocketHandlers,
  type MessageReply,
  type SimulatorTransport,
} from './simulator-store';

afterEach(() => vi.unstubAllGlobals());

const DRIVER: User = {
  id: 41,
  name: 'Ion Popescu',
  email: 'sofer101@ogo.local',
  phone: null,
  identifier: '101',
  roles: ['driver'],
  company_ids: [1],
  is_online: false,
  ban_until: null,
  ban_reason: null,
  default_car: {
    id: 1,
    indicativ: '101',
    make: 'Dacia',
    model: 'Logan',
    color: 'Alb',
    number: 'IS-10-OGO',
  },
  created_at: '2026-01-01 00:00:00',
  current_location: [27.59, 47.15],
  current_polygon_id: null,
  is_busy: false,
  is_paused: false,
  high_priority: false,
  balance: 0,
};

const state = (status: DriverStatus, seq: number): DriverState => ({
  driver_id: DRIVER.id,
  is_online: status !== 'offline',
  is_paused: status === 'paused',
  is_busy: false,
  high_priority: false,
  ban_until: null,
  ban_reason: null,
  idle_from: null,
  seq,
});

/** The driver's side of the server (its own session and socket), recorded. */
function fakeTransport() {
  const calls: string[] = [];
  let seq = 0;
  // His conversation with the dispatcher (7), newest first as the server answers.
  const inbox: Message[] = [];
  const sent: { token: string; reply: MessageReply; key: string }[] = [];
  let socket: DriverSocketHandlers | null = null;
  const transport: SimulatorTransport = {
    openSession: async (id) => {
      calls.push(`session ${id}`);
      return 'driver-token';
    },
    readStatus: async () => state('offline', ++seq),
    setStatus: async (_token, status) => {
      calls.push(status);
      return state(status, ++seq);
    },
    endSession: async () => {
      calls.push('logout');
    },
    connect: (_token, on) => {
      socket = on;
      return {
        connected: true,
        sendPosition: async () => ({ ok: true }),
        viewed: () => {},
        delivered: (read) => calls.push(`delivered ${read.interlocutor_id}`),
        close: () => {},
      };
    },
    readConversations: async () =>
      inbox.length === 0
        ? []
        : [
            buildConversation({
              interlocutor_id: 7,
              name: 'Ana Pop',
              identifier: null,
              kind: 'dispatch',
            }),
          ],
    readMessages: async () => [...inbox].sort((a, b) => b.id - a.id),
    sendMessage: async (token, reply, key) => {
      sent.push({ token, reply, key });
      const message = buildMessage({
        id: 100 + sent.length,
        sender_id: DRIVER.id,
        user_id: reply.user_id,
        message: reply.message,
      });
      inbox.push(message);
      return message;
    },
    markRead: async (_token, read) => {
      calls.push(`read ${read.interlocutor_id}`);
    },
    readOffers: async () => [],
    readOrders: async () => [],
    accept: async () => {},
    refuse: async () => {},
    trip: async () => {
      throw new Error('not in this test');
    },
    cancelTrip: async () => {
      throw new Error('not in this test');
    },
  };
  /** The dispatcher writes to him: stored, then pushed on his socket. */
  const receive = (message: Message) => {
    inbox.push(message);
    socket?.message?.(message);
  };
  return { transport, calls, sent, receive };
}

function renderScreen() {
  const driverOnMap = { online: false };
  stubFetch({
    'GET /api/users': () =>
      json(200, { data: [DRIVER], meta: { total: 1, page: 1, per_page: 30 } }),
    // The dispatcher's own view of the fleet: the server put the driver in zone 3.
    'GET /api/drivers-positions': () =>
      json(
        200,
        driverOnMap.online
          ? [
              {
                userId: DRIVER.id,
                indicativ: '101',
                lat: 47.15,
                long: 27.59,
                is_busy: false,
                is_paused: false,
                on_offer: false,
                polygonId: 3,
                reported_at: '2026-01-01 10:00:00',
              },
            ]
          : [],
      ),
    'GET /api/polygons': () =>
      json(200, [
        {
          id: 3,
          name: 'Copou',
          isVisible: true,
          priority: 5,
          paths: [],
          updated_at: '2026-01-01 00:00:00',
        },
      ]),
    'GET /api/polygons/statistics': () =>
      json(200, [{ polygonId: 3, name: 'Copou', busyDrivers: 1, freeDrivers: 2 }]),
  });
  const fake = fakeTransport();
  const store = createSimulatorStore(fake.transport);
  const utils = renderUi(<SimulatorScreen store={store} />, { user: dispatcher });
  return { ...utils, fake, driverOnMap };
}

/** Opens the picker and clicks the driver in its list. */
async function pick() {
  const picker = screen.getByTestId('simulator-driver-select');
  fireEvent.click(picker);
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1), { timeout: 3_000 });
  fireEvent.click(screen.getByRole('option', { name: '101 · Ion Popescu' }));
}

describe('/simulator (Driver simulator)', () => {
  it('picks a driver into a card, puts him online and shows the zone the server put him in', async () => {
    const { fake, driverOnMap, queryClient } = renderScreen();
    expect(screen.getByTestId('simulator-empty')).toBeTruthy();
    await pick();

    const card = await screen.findByTestId(`simulator-card-${DRIVER.id}`, {}, { timeout: 5_000 });
    expect(card.textContent).toContain('101');
    expect(card.textContent).toContain('Ion Popescu');
    // He starts where he last was (current_location, longitude first).
    expect(card.dataset.lat).toBe('47.15');
    expect(card.dataset.lng).toBe('27.59');
    expect(within(card).getByText('Nicio ofertă')).toBeTruthy();
    await waitFor(() => expect(card.dataset.status).toBe('offline'));
    expect(fake.calls).toEqual(['session 41']);
    expect(screen.getByTestId(`simulator-zone-${DRIVER.id}`).textContent).toContain('Zonă: —');

    driverOnMap.online = true;
    fireEvent.click(screen.getByTestId(`simulator-online-${DRIVER.id}`));
    await waitFor(() => expect(card.dataset.status).toBe('online'));
    expect(fake.calls).toEqual(['session 41', 'online']);
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(screen.getByTestId(`simulator-zone-${DRIVER.id}`).textContent).toContain(
        'Copou · prioritate 5 · 3 șoferi',
      ),
    );
    // The picker is empty again for the next driver.
    expect((screen.getByTestId('simulator-driver-select') as HTMLInputElement).value).toBe('');
  });

  it('takes a removed driver offline and ends his session', async () => {
    const { fake } = renderScreen();
    await pick();
    const card = await screen.findByTestId(`simulator-card-${DRIVER.id}`, {}, { timeout: 5_000 });
    await waitFor(() => expect(card.dataset.status).toBe('offline'));
    fireEvent.click(screen.getByTestId(`simulator-online-${DRIVER.id}`));
    await waitFor(() => expect(card.dataset.status).toBe('online'));
    fireEvent.click(screen.getByTestId(`simulator-remove-${DRIVER.id}`));
    await waitFor(() => expect(fake.calls).toEqual(['session 41', 'online', 'offline', 'logout']));
    expect(screen.queryByTestId(`simulator-card-${DRIVER.id}`)).toBeNull();
    expect(screen.getByTestId('simulator-empty')).toBeTruthy();
  });

  it("shows a dispatcher's message on the driver's card, marks it read and replies with Enter", async () => {
    const { fake } = renderScreen();
    await pick();
    const panel = await screen.findByTestId(`sim-messages-${DRIVER.id}`, {}, { timeout: 5_000 });
    expect(panel.textContent).toContain('Niciun mesaj');

    act(() =>
      fake.receive(
        buildMessage({ id: 55, sender_id: 7, user_id: DRIVER.id, message: 'Treci pe la sediu' }),
      ),
    );
    expect(await within(panel).findByText('Treci pe la sediu')).toBeTruthy();
    // His device received it, and he read it as it was shown.
    await waitFor(() =>
      expect(fake.calls).toEqual(expect.arrayContaining(['delivered 7', 'read 7'])),
    );

    const reply = screen.getByTestId(`sim-reply-${DRIVER.id}`);
    fireEvent.change(reply, { target: { value: 'Vin imediat' } });
    fireEvent.keyDown(reply, { key: 'Enter' });
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.reply).toEqual({ user_id: 7, company_id: 1, message: 'Vin imediat' });
    expect(fake.sent[0]?.token).toBe('driver-token');
    expect(await within(panel).findByText('Vin imediat')).toBeTruthy();
    expect((reply as HTMLInputElement).value).toBe('');
  });
});
