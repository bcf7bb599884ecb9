import type { DriverPosition } from '@common/drivers/drivers.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { DriversMap } from './DriversMap';
import { DriversOnMapPanel } from './DriversOnMapPanel';
import { applyPositionsEvent } from './driver-events';
import { POSITIONS_POLL_MS } from './use-driver-positions';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const position = (userId: number, indicativ: string, lat = 47.16): DriverPosition => ({
  userId,
  indicativ,
  lat,
  long: 27.6,
  is_busy: false,
  is_paused: false,
  on_offer: false,
  polygonId: null,
  reported_at: '2026-05-01 10:00:00',
});

function stubServer() {
  return stubFetch({
    'GET /api/drivers-positions': () =>
      json(200, [position(6, '101'), position(7, '102'), position(8, '230')]),
    'GET /api/users/7': () => json(404, { message: 'Nu există.', code: 'not_found' }),
  });
}

const panel = () => screen.getByTestId('drivers-map-panel');

describe('the drivers map', () => {
  it('shows the online drivers, follows the single match and opens his card on Enter', async () => {
    const api = stubServer();
    const { queryClient } = renderUi(<DriversMap />, { user: dispatcher });
    await waitFor(() => expect(panel().getAttribute('data-driver-count')).toBe('3'));
    expect(screen.getByTestId('drivers-map-count').textContent).toBe('3 pe hartă');

    fireEvent.change(screen.getByTestId('drivers-map-search'), { target: { value: '102' } });
    expect(panel().getAttribute('data-driver-count')).toBe('1');
    expect(panel().getAttribute('data-followed')).toBe('7');

    // A pushed batch: driver 7 goes, a new driver comes; the map redraws from the new list.
    act(() => applyPositionsEvent(queryClient, { positions: [position(9, '1020')], gone: [7] }));
    await waitFor(() => expect(panel().getAttribute('data-followed')).toBe('9'));

    fireEvent.keyDown(screen.getByTestId('drivers-map-search'), { key: 'Enter' });
    expect(screen.getByTestId('driver-card').getAttribute('data-driver-id')).toBe('9');
    expect(api.calls('GET /api/drivers-positions')).toHaveLength(1);
  });

  it('tells an offline call sign from one no driver has, and explains its colours', async () => {
    const offline = {
      id: 11,
      name: 'Ion Popa',
      identifier: '105',
      is_online: false,
      default_car: { id: 3, indicativ: '105' },
    };
    stubFetch({
      'GET /api/drivers-positions': () => json(200, [position(6, '101')]),
      'GET /api/users': (request) =>
        json(200, {
          data: '105'.includes(request.query.get('search') ?? '') ? [offline] : [],
          meta: { total: 1, page: 1, per_page: 30 },
        }),
    });
    renderUi(<DriversMap />, { user: dispatcher });
    await waitFor(() => expect(panel().getAttribute('data-driver-count')).toBe('1'));
    const legend = screen.getByTestId('drivers-map-legend');
    expect(legend.textContent).toBe('LiberOfertă în cursÎn pauzăOcupatCompania · 1500 m');

    const search = screen.getByTestId('drivers-map-search');
    fireEvent.change(search, { target: { value: '105' } });
    await waitFor(() =>
      expect(screen.getByTestId('drivers-map-empty').textContent).toBe(
        'Șoferul 105 nu este conectat.',
      ),
    );
    fireEvent.change(search, { target: { value: '05' } });
    await waitFor(() =>
      expect(screen.getByTestId('drivers-map-empty').textContent).toBe(
        'Niciun șofer conectat cu acest indicativ.',
      ),
    );
    fireEvent.change(search, { target: { value: '999' } });
    await waitFor(() =>
      expect(screen.getByTestId('drivers-map-empty').textContent).toBe(
        'Niciun șofer cu acest indicativ.',
      ),
    );
    fireEvent.click(screen.getByTestId('drivers-map-zones'));
    expect(legend.textContent).toContain('Zone');
  });

  it('reads every position again every 25 s while the batches keep coming', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubServer();
    const { queryClient } = renderUi(<DriversMap />, { user: dispatcher });
    await waitFor(() => expect(panel().getAttribute('data-driver-count')).toBe('3'));
    // A batch a second, as the socket sends them: the safety net still reads at 25 s.
    for (let second = 1; second <= POSITIONS_POLL_MS / 1000 + 1; second++) {
      act(() =>
        applyPositionsEvent(queryClient, {
          positions: [position(6, '101', 47.16 + second / 10_000)],
          gone: [],
        }),
      );
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(api.calls('GET /api/drivers-positions')).toHaveLength(2);
  });

  it('on the order screen stays closed, reading nothing, until it is opened', async () => {
    const api = stubServer();
    renderUi(<DriversOnMapPanel />, { user: dispatcher });
    expect(screen.queryByTestId('drivers-map-panel')).toBeNull();
    expect(api.calls('GET /api/drivers-positions')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('order-drivers-map-toggle'));
    await waitFor(() => expect(panel().getAttribute('data-driver-count')).toBe('3'));
    expect(api.calls('GET /api/drivers-positions')).toHaveLength(1);
  });
});
