import { expect, type Page, test } from '@playwright/test';
import { expectMapState, loginFromHeader } from '../fixtures';

/**
 * The maps of the operator console in a real browser with WebGL: the manual
 * address pin, the drivers map behind 'Hartă', the route in the side panel and the v2 split
 * view. The server runs without a basemap (MAP_TILES_URL empty): nothing may leave the host.
 */

// Each flow waits for up to two maps to start on the CPU (expectMapState): more than the
// default budget when the machine is busy.
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.MAP_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.waitForTimeout(800); // past maplibre's symbol fade-in
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Every request stays on the app's origin (or is in-page data). */
function watchOrigins(page: Page, baseURL: string | undefined) {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL ?? '') && !/^(data|blob):/.test(url)) outside.push(url);
  });
  return outside;
}

const lat = (page: Page) => page.getByTestId('manual-address-lat');
const lng = (page: Page) => page.getByTestId('manual-address-lng');

test('the manual address pin: drag it, click the map, type coordinates', async ({
  page,
  baseURL,
}) => {
  const outside = watchOrigins(page, baseURL);
  const mapChunks: string[] = [];
  page.on('request', (request) => {
    if (/MapCanvas|maplibre/.test(request.url())) mapChunks.push(request.url());
  });
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  // Login, the dashboard and the order lists do not download the map.
  await expect(page.getByTestId('tab-in-call')).toBeVisible();
  expect(mapChunks).toEqual([]);
  await page.getByTestId('place-A-manual').click();
  const map = page.getByTestId('manual-address-map');
  await expectMapState(map);
  await expect(map.locator('canvas')).toBeVisible();
  const pin = page.getByTestId('map-pin');
  await expect(pin).toBeVisible();
  await expect(lat(page)).toHaveValue('');
  await shot(page, 'manual-before');

  // Drag the pin down and to the right: the coordinates fill in, south and east of the centre.
  const box = await pin.boundingBox();
  if (!box) throw new Error('no pin');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y + 20, { steps: 4 });
  await page.mouse.move(x + 90, y + 50, { steps: 6 });
  await page.mouse.up();
  await expect(lat(page)).not.toHaveValue('');
  const dragged = {
    lat: Number(await lat(page).inputValue()),
    lng: Number(await lng(page).inputValue()),
  };
  // The dispatcher's company is OGO Taxi Iași: the pin stays in Iași at zoom 15 (~ 150 m moved).
  expect(dragged.lat).toBeGreaterThan(47);
  expect(dragged.lat).toBeLessThan(47.3);
  expect(dragged.lng).toBeGreaterThan(27.4);
  expect(dragged.lng).toBeLessThan(27.8);
  await shot(page, 'manual-dragged');

  // A click on the map moves the pin there: west of the dragged spot, the longitude drops.
  const mapBox = await map.boundingBox();
  if (!mapBox) throw new Error('no map');
  await page.mouse.click(mapBox.x + 60, mapBox.y + mapBox.height / 2);
  await expect.poll(async () => Number(await lng(page).inputValue())).toBeLessThan(dragged.lng);

  // Typed coordinates move the pin: ~220 m north is ~68 px up at zoom 15.
  const before = await pin.boundingBox();
  const clicked = Number(await lat(page).inputValue());
  await lat(page).fill((clicked + 0.002).toFixed(6));
  await lat(page).press('Tab');
  await expect
    .poll(async () => (await pin.boundingBox())?.y ?? 0)
    .toBeLessThan((before?.y ?? 0) - 40);

  await page.getByTestId('manual-address-name').fill('Scara din spate, E2E');
  await page.getByTestId('manual-address-save').click();
  await expect(page.getByText('Adresa salvată')).toBeVisible();
  expect(outside).toEqual([]);
});

test("'Hartă' opens the drivers map: the company, its circle, and no drivers yet", async ({
  page,
  baseURL,
}) => {
  const outside = watchOrigins(page, baseURL);
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('open-drivers-map').click();
  await expect(page).toHaveURL(/\/operator\/map$/);
  const map = page.getByTestId('drivers-map');
  await expectMapState(map);
  await expect(map.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('drivers-map-empty')).toHaveText(
    'Niciun șofer cu poziție cunoscută.',
  );
  await page.getByTestId('drivers-map-search').fill('101');
  await expect(page.getByTestId('drivers-map-empty')).toBeVisible();
  await shot(page, 'drivers-map');
  expect(outside).toEqual([]);
});

test("an order's side panel draws its route; v2 shows the list beside the map", async ({
  page,
  baseURL,
}) => {
  const outside = watchOrigins(page, baseURL);
  // The A/B badges are drawn on demand; maplibre warns when an icon stays missing.
  const missingIcons: string[] = [];
  page.on('console', (message) => {
    if (/Image ".*" could not be loaded/.test(message.text())) missingIcons.push(message.text());
  });
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('tab-finished').click();
  await page.locator('[data-testid^="order-row-"]').first().click();
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-route')).toBeVisible();
  const routeMap = panel.getByTestId('order-route-map');
  await expectMapState(routeMap);
  await expect(routeMap.locator('canvas')).toBeVisible();
  await shot(page, 'side-panel-route');
  expect(missingIcons).toEqual([]);

  await page.goto('/operator/v2');
  const map = page.getByTestId('drivers-map');
  await expectMapState(map);
  await expect(page.getByTestId('quick-order-form')).toBeVisible();
  await shot(page, 'v2');
  expect(outside).toEqual([]);
});
