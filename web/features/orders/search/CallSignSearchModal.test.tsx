import type { User } from '@common/users/users.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { CallSignSearchModal } from './CallSignSearchModal';

afterEach(() => vi.unstubAllGlobals());

const driver = (id: number, identifier: string, name: string): User => ({
  id,
  name,
  email: `d${id}@ogo.test`,
  phone: null,
  identifier,
  roles: ['driver'],
  company_ids: [1],
  is_online: true,
  is_busy: false,
  is_paused: false,
  high_priority: false,
  balance: 0,
  current_location: null,
  current_polygon_id: null,
  ban_until: null,
  ban_reason: null,
  default_car: null,
  created_at: '2030-01-01 08:00:00',
});

const DRIVERS = [
  driver(5, '12', 'Ion Popescu'),
  driver(6, '120', 'Vasile Ene'),
  driver(7, '7', 'Maria Rusu'),
];

/** GET /api/users?search: the drivers whose call sign starts with it (all without one). */
const users = (request: StubRequest) => {
  const search = request.query.get('search') ?? '';
  const data = DRIVERS.filter((d) => d.identifier?.startsWith(search));
  return json(200, { data, meta: { total: data.length, page: 1, per_page: 30 } });
};

function renderModal() {
  const api = stubFetch({
    'GET /api/users': users,
    'GET /api/orders': () =>
      json(200, { data: [buildOrder({ id: 77 })], meta: { total: 1, page: 1, per_page: 30 } }),
  });
  renderUi(
    <CallSignSearchModal
      opened
      onClose={() => {}}
      userId={dispatcher.id}
      flavour="taxi"
      onOpen={vi.fn()}
    />,
    { user: dispatcher },
  );
  return api;
}

const enter = (input: HTMLElement) =>
  act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' }));

const driverQueries = (api: ReturnType<typeof stubFetch>) =>
  api.calls('GET /api/orders').map((r) => r.query.get('driver_id'));

describe('call-sign search (F6, keyboard flows)', () => {
  it('opens with the focus in the driver field', async () => {
    renderModal();
    const input = await screen.findByTestId('callsign-driver');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('picks the single match on Enter pressed before the answer came in', async () => {
    const api = renderModal();
    const input = await screen.findByTestId('callsign-driver');
    // '120' matches one driver; Enter at once, inside the search's 500 ms debounce.
    fireEvent.change(input, { target: { value: '120' } });
    await enter(input);
    await waitFor(() => expect(driverQueries(api)).toEqual(['6']), { timeout: 3000 });
    expect((input as HTMLInputElement).value).toBe('120 · Vasile Ene');
    expect(await screen.findByTestId('order-row-77')).toBeTruthy();
  });

  it('picks the single match on Enter once the list shows it', async () => {
    const api = renderModal();
    const input = await screen.findByTestId('callsign-driver');
    fireEvent.change(input, { target: { value: '120' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1), { timeout: 3000 });
    await enter(input);
    await waitFor(() => expect(driverQueries(api)).toEqual(['6']));
  });

  it('picks nothing on Enter when two drivers match', async () => {
    const api = renderModal();
    const input = await screen.findByTestId('callsign-driver');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    fireEvent.change(input, { target: { value: '12' } });
    await enter(input);
    // The answer for '12' is in (the first list had three).
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2), { timeout: 3000 });
    expect(screen.getByText('Alegeți un indicativ.')).toBeTruthy();
    expect(api.calls('GET /api/orders')).toHaveLength(0);
  });
});
