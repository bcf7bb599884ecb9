import type { LoggedUser } from '@common/auth/auth.schema';
import { ZONE_SELF_INTERSECTS } from '@common/zones/zones.rules';
import type { Polygon, Stand } from '@common/zones/zones.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE } from '../../lib/use-unsaved-changes-warning';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { queueSince } from './stand-queue';
import { ZonesEditor } from './ZonesEditor';
import { STAND_POINT_MISSING, ZONE_OUTLINE_MISSING } from './zone-form';

const square = [
  { lat: 47.16, long: 27.58 },
  { lat: 47.16, long: 27.6 },
  { lat: 47.17, long: 27.6 },
  { lat: 47.17, long: 27.58 },
];

const centru: Polygon = {
  id: 1,
  name: 'Centru',
  isVisible: true,
  priority: 10,
  paths: square,
  updated_at: '2026-11-26 08:00:00',
};

const gara: Stand = {
  id: 4,
  name: 'Gară',
  lat: 47.165,
  long: 27.57,
  radius: 80,
  paths: null,
  queue: [
    { userId: 101, indicativ: '101', since: '2026-11-26 06:05:00' },
    { userId: 102, indicativ: '205', since: '2026-11-26 06:12:00' },
  ],
  updated_at: '2026-11-26 08:00:00',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEditor(
  routes: Record<string, (request: StubRequest) => Response> = {},
  user: LoggedUser = dispatcher,
) {
  let zones = [centru];
  const stub = stubFetch({
    'GET /api/polygons': () => json(200, zones),
    'GET /api/stands': () => json(200, [gara]),
    'PATCH /api/polygons/1': (request) => {
      zones = [{ ...centru, ...(request.body as Partial<Polygon>) }];
      return json(200, zones[0]);
    },
    'DELETE /api/polygons/1': () => {
      zones = [];
      return json(204, null);
    },
    ...routes,
  });
  renderUi(<ZonesEditor />, { user, path: '/settings/polygons', route: '/settings/polygons' });
  return stub;
}

const zoneRow = () => screen.findByTestId('zone-row-1');

describe('/settings/polygons without WebGL (happy-dom has none): the lists and forms', () => {
  it('lists the zones (name, visible, priority, corners) and the stands with their queues', async () => {
    renderEditor();
    const row = await zoneRow();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Centru', 'Da', '10', '4']);
    expect(screen.getByTestId('zones-map').dataset.mapState).toBe('unavailable');
    fireEvent.click(screen.getByTestId('tab-stands'));
    const stand = await screen.findByTestId('stand-row-4');
    expect(stand.textContent).toContain('Gară');
    expect(stand.textContent).toContain('Rază 80 m');
    // Arrival order, call sign and local HH:mm.
    const queue = within(stand).getByTestId('stand-queue');
    expect([...queue.children].map((badge) => badge.textContent)).toEqual([
      `101 · ${queueSince('2026-11-26 06:05:00')}`,
      `205 · ${queueSince('2026-11-26 06:12:00')}`,
    ]);
  });

  it('checks a new zone with the shared schema before any request', async () => {
    const { calls } = renderEditor();
    await zoneRow();
    fireEvent.click(screen.getByTestId('zone-new'));
    expect(screen.getByTestId('outline-summary').textContent).toBe('Nedesenat încă');
    fireEvent.click(screen.getByTestId('editor-save'));
    expect(await screen.findByText('Numele zonei este obligatoriu.')).toBeTruthy();
    expect(screen.getByTestId('outline-error').textContent).toBe(ZONE_OUTLINE_MISSING);
    expect(calls('POST /api/polygons')).toHaveLength(0);
  });

  it('renames a zone: PATCH with the whole zone, the toast, the list', async () => {
    const { calls } = renderEditor();
    fireEvent.click(await zoneRow());
    const name = screen.getByTestId('zone-name') as HTMLInputElement;
    expect(name.value).toBe('Centru');
    fireEvent.change(name, { target: { value: 'Centru Vechi' } });
    // Enter in a field submits the form.
    fireEvent.submit(screen.getByTestId('zone-form'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(calls('PATCH /api/polygons/1')[0]?.body).toEqual({
      name: 'Centru Vechi',
      isVisible: true,
      priority: 10,
      paths: square,
    });
    await waitFor(() =>
      expect((screen.getByTestId('zone-row-1').textContent ?? '').includes('Centru Vechi')).toBe(
        true,
      ),
    );
  });

  it('shows the server’s field errors on their fields', async () => {
    renderEditor({
      'PATCH /api/polygons/1': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation',
          errors: { name: ['Există deja o zonă cu acest nume.'], paths: [ZONE_SELF_INTERSECTS] },
        }),
    });
    fireEvent.click(await zoneRow());
    fireEvent.change(screen.getByTestId('zone-name'), { target: { value: 'Nord' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    expect(await screen.findByText('Există deja o zonă cu acest nume.')).toBeTruthy();
    expect(screen.getByTestId('outline-error').textContent).toBe(ZONE_SELF_INTERSECTS);
    // Typing in the field drops the server's message about it.
    fireEvent.change(screen.getByTestId('zone-name'), { target: { value: 'Nord 2' } });
    expect(screen.queryByText('Există deja o zonă cu acest nume.')).toBeNull();
  });

  it("deletes a zone after 'Remove?' and toasts 'Șters!'", async () => {
    const { calls } = renderEditor();
    fireEvent.click(await zoneRow());
    fireEvent.click(screen.getByTestId('editor-delete'));
    expect(await screen.findByText('Remove?')).toBeTruthy();
    expect(calls('DELETE /api/polygons/1')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(await screen.findByText('Șters!')).toBeTruthy();
    expect(calls('DELETE /api/polygons/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('zone-editor')).toBeNull());
    expect(await screen.findByTestId('zones-empty')).toBeTruthy();
  });

  it('Esc closes a clean edit at once and asks before dropping a changed one', async () => {
    renderEditor();
    fireEvent.click(await zoneRow());
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('zone-editor')).toBeNull());

    fireEvent.click(screen.getByTestId('zone-row-1'));
    fireEvent.change(screen.getByTestId('zone-name'), { target: { value: 'Altceva' } });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(screen.getByTestId('zone-editor')).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('zone-editor')).toBeNull());
  });

  it('asks for a new stand’s point before any request', async () => {
    const { calls } = renderEditor();
    await zoneRow();
    fireEvent.click(screen.getByTestId('tab-stands'));
    fireEvent.click(await screen.findByTestId('stand-new'));
    fireEvent.change(screen.getByTestId('stand-name'), { target: { value: 'Copou' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    expect((await screen.findByTestId('stand-point-error')).textContent).toBe(STAND_POINT_MISSING);
    expect(calls('POST /api/stands')).toHaveLength(0);
  });

  it('lets only admins and dispatchers edit (the server refuses the others)', async () => {
    renderEditor({}, { ...dispatcher, roles: ['company'] });
    fireEvent.click(await zoneRow());
    expect(screen.queryByTestId('zone-new')).toBeNull();
    expect(screen.queryByTestId('zone-editor')).toBeNull();
  });
});
