import { toUtcString } from '@common/lib/dates';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { ZoneStatisticsButton } from './ZoneStatisticsButton';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Free for 17 minutes, to the minute.
const IDLE_FROM = new Date(Date.now() - 17 * 60_000 - 5_000);

function renderDrawer() {
  const api = stubFetch({
    'GET /api/polygons/statistics': () =>
      json(200, [
        { polygonId: 3, name: 'Copou', busyDrivers: 2, freeDrivers: 1 },
        { polygonId: 4, name: 'Tătărași', busyDrivers: 0, freeDrivers: 0 },
      ]),
    'GET /api/statistics/drivers-info': (request: StubRequest) =>
      json(
        200,
        request.query.get('polygon_id') === '3'
          ? [{ userId: 41, indicativ: '101', idle_from: toUtcString(IDLE_FROM) }]
          : [],
      ),
  });
  renderUi(<ZoneStatisticsButton flavour="taxi" />, { user: dispatcher });
  return api;
}

describe("'Statistici zone' (operator top bar)", () => {
  it('reads nothing until opened, then lists each zone with its free and busy drivers', async () => {
    const api = renderDrawer();
    expect(api.calls('GET /api/polygons/statistics')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('open-zone-statistics'));
    expect((await screen.findByTestId('zone-stat-3-free')).textContent).toBe('Liberi: 1');
    expect(screen.getByTestId('zone-stat-3-busy').textContent).toBe('Ocupați: 2');
    expect(screen.getByTestId('zone-stat-4-free').textContent).toBe('Liberi: 0');
    expect(screen.getByTestId('zone-statistics-totals').textContent).toBe(
      'Șoferi în zone · liberi: 1, ocupați: 2',
    );
    // No zone's drivers are read before the zone is opened.
    expect(api.calls('GET /api/statistics/drivers-info')).toHaveLength(0);
  });

  it('opens a zone to its free drivers: call sign, free since HH:mm and minutes idle', async () => {
    const api = renderDrawer();
    fireEvent.click(screen.getByTestId('open-zone-statistics'));
    fireEvent.click(await screen.findByTestId('zone-stat-3'));
    const row = await screen.findByTestId('zone-driver-41');
    expect(api.calls('GET /api/statistics/drivers-info')[0]?.query.get('polygon_id')).toBe('3');
    const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['101', dayjs(IDLE_FROM).format('HH:mm'), '17']);

    fireEvent.click(screen.getByTestId('zone-stat-4'));
    expect((await screen.findByTestId('zone-drivers-4-empty')).textContent).toBe(
      'Niciun șofer liber.',
    );
  });

  it('reads the statistics again every 30 s while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = renderDrawer();
    fireEvent.click(screen.getByTestId('open-zone-statistics'));
    await screen.findByTestId('zone-stat-3');
    expect(api.calls('GET /api/polygons/statistics')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(api.calls('GET /api/polygons/statistics')).toHaveLength(2));
  });
});
