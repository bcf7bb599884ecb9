import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD, expectMapState, loginFromHeader } from '../fixtures';

/**
 * The live drivers map as a dispatcher uses it: two demo drivers go online through
 * the driver contract (docs/DRIVER-API.md: login, PATCH /api/drivers/me/status, `currentPosition`
 * over the socket), the dispatcher sees them on /operator/map, searches a call sign and watches
 * the map follow it as it moves, opens the card, bans for 3 h with a reason, then unbans.
 */

test.describe.configure({ timeout: 120_000 });

interface OnlineDriver {
  id: number;
  token: string;
  socket: Socket;
  api: APIRequestContext;
}

const IASI = { lat: 47.16, long: 27.6 };

/** A demo driver logs in, goes online and sends his first position, as his app would. */
async function driverOnline(
  baseURL: string,
  email: string,
  position: { lat: number; long: number },
): Promise<OnlineDriver> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/access-tokens', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const status = await api.patch('/api/drivers/me/status', {
    data: { status: 'online' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(status.ok()).toBe(true);
  const { driver_id: id } = (await status.json()) as { driver_id: number };
  const socket = io(baseURL, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const driver = { id, token, socket, api };
  await sendPosition(driver, position);
  return driver;
}

async function sendPosition(driver: OnlineDriver, position: { lat: number; long: number }) {
  const ack: unknown = await driver.socket.timeout(10_000).emitWithAck('currentPosition', position);
  expect(ack).toEqual({ ok: true });
}

/** The map's centre as MapCanvas marks it (`data-map-center="lat,lng"`). */
async function mapCenter(page: Page) {
  const value = (await page.getByTestId('drivers-map').getAttribute('data-map-center')) ?? '0,0';
  const [lat = 0, lng = 0] = value.split(',').map(Number);
  return { lat, lng };
}

const near = (a: { lat: number; lng: number }, b: { lat: number; long: number }) =>
  Math.abs(a.lat - b.lat) < 0.0005 && Math.abs(a.lng - b.long) < 0.0005;

const drivers: OnlineDriver[] = [];

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('no baseURL');
  drivers.push(await driverOnline(baseURL, 'sofer101@ogo.local', IASI));
  drivers.push(await driverOnline(baseURL, 'sofer102@ogo.local', { lat: 47.165, long: 27.585 }));
});

test.afterAll(async () => {
  // Off the map again for the specs after this one (a ban may already have ended a session).
  for (const driver of drivers) {
    driver.socket.disconnect();
    await driver.api
      .patch('/api/drivers/me/status', {
        data: { status: 'offline' },
        headers: { Authorization: `Bearer ${driver.token}` },
      })
      .catch(() => undefined);
    await driver.api.dispose();
  }
});

test('the dispatcher sees the drivers live, follows one, bans him for 3 h and unbans him', async ({
  page,
}) => {
  const [first] = drivers;
  if (!first) throw new Error('no driver online');
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('open-drivers-map').click();
  await expect(page).toHaveURL(/\/operator\/map$/);
  const map = page.getByTestId('drivers-map');
  await expectMapState(map);
  const panel = page.getByTestId('drivers-map-panel');
  // Both drivers are on the map (others may be online too).
  await expect
    .poll(async () => Number(await panel.getAttribute('data-driver-count')))
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('drivers-map-empty')).toHaveCount(0);

  // A search leaving one driver, and the map follows him.
  await page.getByTestId('drivers-map-search').fill('101');
  await expect(panel).toHaveAttribute('data-followed', String(first.id));
  await expect(panel).toHaveAttribute('data-driver-count', '1');
  await expect.poll(async () => near(await mapCenter(page), IASI)).toBe(true);
  // He moves: the socket's batch moves him, and the map with him.
  const moved = { lat: 47.171, long: 27.612 };
  await sendPosition(first, moved);
  await expect.poll(async () => near(await mapCenter(page), moved)).toBe(true);

  // A click on his marker (the centre of the map that follows him) opens his card.
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const card = page.getByTestId('driver-card');
  await expect(card).toHaveAttribute('data-driver-id', String(first.id));
  await expect(page.getByTestId('driver-card-indicativ')).toHaveText('101');
  await expect(page.getByTestId('driver-card-online')).toHaveText(/^da/);
  await expect(page.getByTestId('driver-card-blocked')).toHaveText('nu');

  // Ban for 3 h: the reason is required.
  await page.getByTestId('driver-card-ban').click();
  await page.getByTestId('driver-ban-3h').click();
  await page.getByTestId('driver-ban-submit').click();
  await expect(page.getByText('Motivul blocării este obligatoriu.')).toBeVisible();
  await page.getByTestId('driver-ban-reason').fill('Refuzuri repetate (E2E)');
  await page.getByTestId('driver-ban-submit').click();
  await expect(page.getByText('Driver banned')).toBeVisible();
  await expect(page.getByTestId('driver-card-blocked')).toHaveText(
    /^da · până la \d\d\.\d\d\.\d{4} \d\d:\d\d$/,
  );
  await expect(page.getByTestId('driver-card-ban-reason')).toHaveText('Refuzuri repetate (E2E)');
  await expect(page.getByTestId('driver-card-ban-state')).toHaveText('Blocat');

  // Unban: the ban and its reason are gone.
  await page.getByTestId('driver-card-unban').click();
  await expect(page.getByText('Driver unbanned')).toBeVisible();
  await expect(page.getByTestId('driver-card-blocked')).toHaveText('nu');
  await expect(page.getByTestId('driver-card-ban-reason')).toHaveCount(0);
  await expect(page.getByTestId('driver-card-ban-state')).toHaveText('Activ');
});
