import type { DriverState, DriverStatus } from '@common/drivers/drivers.schema';
import type { User } from '@common/users/users.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { SimulatorScreen } from './SimulatorScreen';
import { createSimulatorStore, type SimulatorTransport } from './simulator-store';

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
    connect: () => ({
      connected: true,
      sendPosition: async () => ({ ok: true }),
      viewed: () => {},
      close: () => {},
    }),
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
  return { transport, calls };
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
});
