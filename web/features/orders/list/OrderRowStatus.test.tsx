import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { OrderTable } from './OrderTable';

beforeEach(() => vi.setSystemTime(new Date('2030-01-01T08:10:00Z')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderRows = (orders: Parameters<typeof OrderTable>[0]['orders']) => {
  stubFetch({});
  renderUi(
    <OrderTable
      orders={orders}
      userId={dispatcher.id}
      flavour="taxi"
      emptyText="Nimic de afișat."
      onOpen={vi.fn()}
    />,
    { user: dispatcher },
  );
};

const text = (testId: string) => screen.getByTestId(testId).textContent;
const assigned = { state: 'assigned', driver_id: 3, car_indicativ: '119' } as const;

describe('a row says its state', () => {
  it("shows the trip's phase with its minutes, the waiting time only on the way", async () => {
    renderRows([
      buildOrder({
        id: 1,
        ...assigned,
        trip_state: 'waiting_driver',
        assigned_at: '2030-01-01 08:07:00',
        waiting_driver_time: 6,
      }),
      buildOrder({
        id: 2,
        ...assigned,
        trip_state: 'waiting_client',
        assigned_at: '2030-01-01 08:00:30',
        arrived_at: '2030-01-01 08:05:00',
        waiting_driver_time: 4,
      }),
      buildOrder({
        id: 3,
        ...assigned,
        trip_state: 'started',
        assigned_at: '2030-01-01 07:50:00',
        trip_started_at: '2030-01-01 07:58:00',
        waiting_driver_time: 4,
      }),
      buildOrder({
        id: 10,
        ...assigned,
        car_indicativ: '120',
        trip_state: 'waiting_driver',
        assigned_at: '2030-01-01 06:05:00',
      }),
    ]);
    expect(await screen.findByTestId('order-status-1')).toBeTruthy();
    expect(text('order-status-1')).toBe('spre client · 3 min');
    expect(text('order-waiting-1')).toBe('6 min');
    expect(text('order-status-2')).toBe('șofer sosit · 5 min');
    expect(screen.getByTestId('order-status-2').getAttribute('title')).toMatch(
      /^șofer sosit din 01\.01\.2030 \d\d:05$/,
    );
    expect(screen.queryByTestId('order-waiting-2')).toBeNull();
    expect(text('order-status-3')).toBe('în cursă · 12 min');
    expect(screen.queryByTestId('order-waiting-3')).toBeNull();
    // Hours in the narrow cell.
    expect(text('order-status-10')).toBe('spre client · 2h05');
  });

  it('gives a finished order no countdown', async () => {
    renderRows([
      buildOrder({
        id: 4,
        ...assigned,
        state: 'finished',
        trip_state: 'started',
        trip_started_at: '2030-01-01 07:58:00',
        trip_finished_at: '2030-01-01 08:06:00',
        waiting_driver_time: 2,
      }),
    ]);
    expect((await screen.findByTestId('order-status-4')).textContent).toBe('Finalizat');
    expect(text('order-callsign-4')).toBe('119');
    expect(screen.queryByTestId('order-waiting-4')).toBeNull();
  });

  it('labels searching, waiting, queued and canceled rows', async () => {
    renderRows([
      buildOrder({ id: 5, state: 'created' }),
      buildOrder({ id: 6, state: 'pending' }),
      buildOrder({ id: 7, state: 'pending', in_pending_queue: true }),
      buildOrder({ id: 8, state: 'canceled', cancellation_reason_type: 'duplicate_order' }),
    ]);
    expect(await screen.findByTestId('order-searching-5')).toBeTruthy();
    expect(text('order-status-5')).toBe('Creat');
    expect(text('order-status-6')).toBe('În așteptare');
    expect(text('order-status-7')).toBe('În așteptare');
    expect(screen.getByTestId('order-status-7').getAttribute('title')).toBe(
      'În coada de așteptare',
    );
    expect(text('order-status-8')).toBe('Anulat');
    expect(text('order-cancel-reason-8')).toBe('Comandă dublă');
  });
});

describe("a row's time", () => {
  it('shows the date when it is not today', async () => {
    renderRows([
      buildOrder({
        id: 1,
        created_at: '2029-12-30 12:00:00',
        departure_time: '2029-12-30 12:00:00',
      }),
      buildOrder({ id: 2 }),
    ]);
    expect((await screen.findByTestId('order-time-1')).textContent).toMatch(/^30\.12 \d\d:\d\d$/);
    expect(text('order-time-2')).toMatch(/^\d\d:\d\d:05$/);
  });

  it('shows a booking as a booking, at its departure', async () => {
    renderRows([buildOrder({ id: 9, state: 'created', departure_time: '2030-01-02 09:00:00' })]);
    expect((await screen.findByTestId('order-status-9')).textContent).toBe('Rezervare');
    expect(screen.getByTestId('order-status-9').getAttribute('title')).toMatch(
      /^Rezervare pentru 02\.01\.2030 \d\d:00 · Creat$/,
    );
    expect(text('order-time-9')).toMatch(/^02\.01 \d\d:00$/);
    // Its search starts later: no spinner yet.
    expect(screen.queryByTestId('order-searching-9')).toBeNull();
  });
});
