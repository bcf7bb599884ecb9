import { expect, type Page, test } from '@playwright/test';
import { expectMapState, loginFromHeader } from '../fixtures';
import {
  driverOffline,
  driverOnline,
  type OnlineDriver,
  sendPosition,
} from '../support/driver-app';

/**
 * The live drivers map as a dispatcher uses it: two demo drivers go online through
 * the driver contract (docs/DRIVER-API.md: login, PATCH /api/drivers/me/status, `currentPosition`
 * over the socket), the dispatcher sees them on /operator/map, searches a call sign and watches
 * the map follow it as it moves, opens the card, bans for 3 h with a reason, then unbans.
 */

test.describe.configure({ timeout: 120_000 });

const IASI = { lat: 47.16, long: 27.6 };

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
  for (const driver of drivers) await driverOffline(driver);
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
