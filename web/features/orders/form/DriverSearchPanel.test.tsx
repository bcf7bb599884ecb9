import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { DriverSearchPanel } from './DriverSearchPanel';

beforeEach(() => vi.setSystemTime(new Date('2030-01-01T08:10:00Z')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const driver = {
  id: 3,
  name: 'Vasile',
  phone: null,
  indicativ: 'B 17',
  make: 'Dacia',
  model: 'Logan',
  color: 'alb',
  number: 'IS 01 ABC',
};

const renderPanel = (order: ReturnType<typeof buildOrder>) => {
  stubFetch({});
  renderUi(<DriverSearchPanel order={order} flavour="taxi" />, { user: dispatcher });
};

describe("the 'Șofer alocat' card", () => {
  it("shows the trip's phase, its minutes and since when", async () => {
    renderPanel(
      buildOrder({
        id: 9,
        state: 'assigned',
        driver_id: 3,
        driver,
        trip_state: 'waiting_client',
        assigned_at: '2030-01-01 08:00:00',
        arrived_at: '2030-01-01 08:06:00',
        waiting_driver_time: 4,
      }),
    );
    expect((await screen.findByTestId('driver-phase-badge')).textContent).toBe(
      'șofer sosit · 4 min',
    );
    expect(screen.getByTestId('driver-phase-since').textContent).toMatch(/^din \d\d:06:00$/);
    // He is there: the minutes he announced on the way are over.
    expect(screen.queryByTestId('driver-waiting-time')).toBeNull();
  });

  it('keeps the announced minutes on the way to the client', async () => {
    renderPanel(
      buildOrder({
        id: 9,
        state: 'assigned',
        driver_id: 3,
        driver,
        trip_state: 'waiting_driver',
        assigned_at: '2030-01-01 08:08:00',
        waiting_driver_time: 4,
      }),
    );
    expect((await screen.findByTestId('driver-phase-badge')).textContent).toBe(
      'spre client · 2 min',
    );
    expect(screen.getByTestId('driver-waiting-time').textContent).toBe('4 min');
  });

  it('shows a finished order without a countdown', async () => {
    renderPanel(
      buildOrder({
        id: 9,
        state: 'finished',
        driver_id: 3,
        driver,
        trip_state: 'started',
        trip_started_at: '2030-01-01 07:58:00',
        waiting_driver_time: 2,
      }),
    );
    expect((await screen.findByTestId('driver-phase-badge')).textContent).toBe('Finalizat');
    expect(screen.queryByTestId('driver-waiting-time')).toBeNull();
    expect(screen.queryByTestId('driver-phase-since')).toBeNull();
  });
});
