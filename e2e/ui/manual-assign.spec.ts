import type { Order } from '@common/orders/orders.schema';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { DEMO_PASSWORD, expectMapState, loginFromHeader } from '../fixtures';
import { driverOffline, driverOnline, type OnlineDriver } from '../support/driver-app';

/**
 * Manual assignment with context: two demo drivers go online near a canceled demo order's pickup
 * (one about 50 m away, one about 2 km), and the dispatcher's manual assignment lists the nearest
 * free one first with his call sign and distance, the offline ones last; typing a call sign
 * filters; the drivers map explains its colours and tells an offline call sign apart.
 */

test.describe.configure({ timeout: 120_000 });

const drivers: OnlineDriver[] = [];
let order: Order;

async function login(api: APIRequestContext, email: string) {
  const answer = await api.post('/api/access-tokens', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

test.beforeAll(async ({ baseURL }) => {
  if (!baseURL) throw new Error('no baseURL');
  // A canceled demo order without a driver: the ones a dispatcher may assign by hand.
  const api = await request.newContext({ baseURL });
  const token = await login(api, 'dispecer@ogo.local');
  const list = await api.get('/api/dispatcher-orders/canceled', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  const orders = ((await list.json()) as { data: Order[] }).data;
  const found = orders.find((o) => o.driver_id === null && o.places.length > 0);
  if (!found) throw new Error('no canceled demo order without a driver');
  order = found;
  await api.dispose();
  const pickup = order.places[0] as { lat: number; long: number };
  drivers.push(
    await driverOnline(baseURL, 'sofer113@ogo.local', {
      lat: pickup.lat + 0.0005,
      long: pickup.long,
    }),
  );
  drivers.push(
    await driverOnline(baseURL, 'sofer114@ogo.local', {
      lat: pickup.lat + 0.02,
      long: pickup.long,
    }),
  );
});

test.afterAll(async () => {
  for (const driver of drivers) await driverOffline(driver);
});

test('manual assignment lists the nearest free driver first, with call sign and distance; the map explains its colours', async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('tab-canceled').click();
  await page.getByTestId(`order-actions-${order.id}`).click();
  await page.getByTestId(`order-action-assign-${order.id}`).click();

  const modal = page.getByTestId('manual-assign-modal');
  const rows = page.getByTestId('candidate-row');
  await expect(rows.first()).toBeVisible();
  // The demo company's 32 drivers, the nearest free one first.
  await expect(rows).toHaveCount(32);
  const first = rows.first();
  await expect(first).toHaveAttribute('data-state', 'free');
  await expect(first).toContainText('113');
  await expect(first).toContainText('Liber');
  await expect(first).toContainText('0,1 km');
  const second = rows.nth(1);
  await expect(second).toContainText('114');
  await expect(second).toContainText('2,2 km');
  // The offline ones last, marked.
  await expect(rows.last()).toHaveAttribute('data-state', 'offline');
  await expect(rows.last()).toContainText('Deconectat');
  await page.screenshot({ path: '.test-output/manual-assign.png' });

  // Typing a call sign filters; the arrows and Enter pick.
  const field = page.getByTestId('manual-assign-driver');
  await expect(field).toBeFocused();
  await field.fill('114');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2,2 km');
  await field.press('Enter');
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  // Not sent: the demo order stays as it is for the other flows.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The drivers map: its legend, and an offline call sign said to be offline.
  await page.getByTestId('open-drivers-map').click();
  await expect(page).toHaveURL(/\/operator\/map$/);
  await expectMapState(page.getByTestId('drivers-map'));
  const legend = page.getByTestId('drivers-map-legend');
  for (const label of ['Liber', 'Ofertă în curs', 'În pauză', 'Ocupat']) {
    await expect(legend.getByText(label, { exact: true })).toBeVisible();
  }
  await page.getByTestId('drivers-map-search').fill('118');
  await expect(page.getByTestId('drivers-map-empty')).toHaveText('Șoferul 118 nu este conectat.');
  await page.getByTestId('drivers-map-search').fill('999');
  await expect(page.getByTestId('drivers-map-empty')).toHaveText(
    'Niciun șofer cu acest indicativ.',
  );
  await page.getByTestId('drivers-map-search').fill('');
  await page.screenshot({ path: '.test-output/drivers-map-legend.png' });
});
