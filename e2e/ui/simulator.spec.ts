import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectMapState, loginFromHeader } from '../fixtures';

/**
 * /simulator in a real browser: a dispatcher acts as a driver through the driver
 * contract, and another console's drivers map sees that driver come online, move where he was
 * dragged, and leave when his card is removed. The server runs without the demo fleet
 * (scripts/e2e-server.mjs), so the only driver on the map is the one this flow moves.
 */

// Two maps start on the CPU (expectMapState), in two browser contexts.
test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.MAP_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.waitForTimeout(800); // past maplibre's symbol fade-in
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

// Offline in the demo (its first 22 drivers start online), and no other flow moves him.
const CALL_SIGN = '125';

/** The position a card says its driver is at (data-lat / data-lng). */
async function cardPosition(card: Locator) {
  return {
    lat: Number(await card.getAttribute('data-lat')),
    lng: Number(await card.getAttribute('data-lng')),
  };
}

/** Where the drivers map is centred: it follows the single driver its search leaves. */
async function mapCenter(map: Locator) {
  const [lat, lng] = ((await map.getAttribute('data-map-center')) ?? '0,0').split(',').map(Number);
  return { lat: lat ?? 0, lng: lng ?? 0 };
}

const near = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.abs(a.lat - b.lat) < 2e-4 && Math.abs(a.lng - b.lng) < 2e-4;

async function openWatcherMap(page: Page) {
  await loginFromHeader(page, 'admin@ogo.local');
  // Logged in (the session stored) before the next page load: the URL alone is still '/' while
  // the login request runs, and a navigation then would land on /login.
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.goto('/operator/map');
  const map = page.getByTestId('drivers-map');
  await expectMapState(map);
  await page.getByTestId('drivers-map-search').fill(CALL_SIGN);
  return map;
}

test('a driver toggled online and dragged on /simulator appears and moves on another console’s map', async ({
  page,
  browser,
}) => {
  // The dispatcher's simulator.
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.goto('/simulator');
  const simulatorMap = page.getByTestId('simulator-map');
  await expectMapState(simulatorMap);
  await expect(page.getByTestId('simulator-empty')).toBeVisible();

  // A second console (the admin, another browser context) watches the drivers map.
  const watcher = await browser.newContext();
  const other = await watcher.newPage();
  const watchedMap = await openWatcherMap(other);
  // No driver with that call sign on the map (nobody at all, with no demo fleet).
  await expect(other.getByTestId('drivers-map-empty')).toBeVisible();

  // Pick the driver by his call sign: a card and a marker.
  const picker = page.getByTestId('simulator-driver-select');
  await picker.click();
  await picker.fill(CALL_SIGN);
  await page.getByRole('option', { name: new RegExp(`^${CALL_SIGN} · `) }).click();
  const card = page.locator('[data-testid^="simulator-card-"]');
  await expect(card).toHaveCount(1);
  const driverId = Number((await card.getAttribute('data-testid'))?.replace('simulator-card-', ''));
  await expect(card).toHaveAttribute('data-status', 'offline');
  await expect(card.getByText('Nicio ofertă')).toBeVisible();
  const marker = page.getByTestId(`simulator-marker-${driverId}`);
  await expect(marker).toBeVisible();

  // Online: the other console's map finds him and centres on him.
  // A click asks the server; the switch shows what the server answered (controlled).
  await page.getByRole('switch', { name: `${CALL_SIGN} online` }).click();
  await expect(card).toHaveAttribute('data-status', 'online');
  await expect(other.getByTestId('drivers-map-empty')).toBeHidden();
  const first = await cardPosition(card);
  await expect.poll(async () => near(await mapCenter(watchedMap), first)).toBe(true);
  await expect(page.getByTestId(`simulator-zone-${driverId}`)).not.toHaveText('Zonă: —');

  // Dragged east and south: his position goes out at once, and the other map follows him.
  const box = await marker.boundingBox();
  if (!box) throw new Error('no marker');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y + 30, { steps: 5 });
  await page.mouse.move(x + 140, y + 80, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await cardPosition(card)).lng).toBeGreaterThan(first.lng);
  const dragged = await cardPosition(card);
  expect(dragged.lat).toBeLessThan(first.lat);
  await expect.poll(async () => near(await mapCenter(watchedMap), dragged)).toBe(true);
  await shot(page, 'simulator');
  await shot(other, 'simulator-watched');

  // Removing his card takes him offline: he leaves the other map.
  await page.getByTestId(`simulator-remove-${driverId}`).click();
  await expect(card).toHaveCount(0);
  await expect(other.getByTestId('drivers-map-empty')).toBeVisible();
  await watcher.close();
});

// Offline in the demo like 125, and no other flow moves him.
const TAKER = '126';

test("a driver on /simulator takes one of the demo's pending orders: it becomes his, never 'Oferta nu mai este valabilă'", async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.goto('/simulator');
  await expect(page.getByTestId('simulator-empty')).toBeVisible();
  const picker = page.getByTestId('simulator-driver-select');
  await picker.click();
  await picker.fill(TAKER);
  await page.getByRole('option', { name: new RegExp(`^${TAKER} · `) }).click();
  const card = page.locator('[data-testid^="simulator-card-"]');
  await expect(card).toHaveCount(1);
  const driverId = Number((await card.getAttribute('data-testid'))?.replace('simulator-card-', ''));

  // Online, he is shown his company's pending queue: the demo keeps a few orders there.
  await page.getByRole('switch', { name: `${TAKER} online` }).click();
  await expect(card).toHaveAttribute('data-status', 'online');
  // The demo's zones place him: his card names one of Iași's neighbourhoods.
  await expect(page.getByTestId(`simulator-zone-${driverId}`)).toContainText('prioritate');
  const offers = page.getByTestId(`simulator-offers-${driverId}`);
  await expect(offers).toHaveAttribute('data-count', /^[1-9]/);
  const first = offers.locator(`[data-testid^="simulator-offer-${driverId}-"]`).first();
  const orderId = Number(
    (await first.getAttribute('data-testid'))?.replace(`simulator-offer-${driverId}-`, ''),
  );
  await expect(first).toContainText('În așteptare');

  await page.getByTestId(`simulator-accept-${driverId}-${orderId}`).click();
  // Taken at once: his order, with its first trip step, and no error on his card.
  const order = page.getByTestId(`simulator-order-${driverId}-${orderId}`);
  await expect(order).toHaveAttribute('data-trip', 'waiting_driver');
  await expect(page.getByTestId(`simulator-offer-${driverId}-${orderId}`)).toHaveCount(0);
  await expect(page.getByTestId(`simulator-error-${driverId}`)).toHaveCount(0);
});
