import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import type { SearchInterval } from '../../common/dispatch/search-config.schema';
import { DEMO_PASSWORD, loginFromHeader } from '../fixtures';

/**
 * End to end, as a dispatcher works it: he places an order, a driver acting through
 * /simulator (his own session and socket) gets the offer near the pickup, and what he answers
 * shows on the order screen live: accepted → 'Șofer alocat'; refused by the only driver → the
 * order ends with 'Șoferii nu au fost găsiți'. The side panel's Timeline explains the
 * choice (the step's method, who was offered at which rank, who was skipped and why), and an
 * interval sorted to the top of /builder decides the next order's method.
 *
 * The e2e server has the demo seed without its fleet: the demo company searches by a widening
 * radius (server/db/seed.ts DEMO_SEARCH_STEPS: 3 km 10 s, 6 km 4 s, 12 km 4 s, notify all), and
 * the flows put the drivers they need online themselves, at the company's centre, within the
 * first step's 3 km of the pickup. Each flow takes its drivers offline and deletes what it made.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.MAP_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The seeded first step in words, as the trace shows it (trace-format methodText). */
const DEMO_FIRST_STEP = 'Pe rază · După distanță · Toți deodată · 10 s · max. 3000 metri';

async function dispatcherToken(request: APIRequestContext) {
  const login = await request.post('/api/access-tokens', {
    data: { email: 'dispecer@ogo.local', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** Picks a driver on /simulator and puts him online; answers his id. */
async function addSimulatedDriver(page: Page, callSign: string) {
  const picker = page.getByTestId('simulator-driver-select');
  await picker.click();
  await picker.fill(callSign);
  await page.getByRole('option', { name: new RegExp(`^${callSign} · `) }).click();
  const toggle = page.getByRole('switch', { name: `${callSign} online` });
  const card = page.locator('[data-testid^="simulator-card-"]').filter({ has: toggle });
  await expect(card).toHaveAttribute('data-status', 'offline');
  const driverId = Number((await card.getAttribute('data-testid'))?.replace('simulator-card-', ''));
  await toggle.click();
  await expect(card).toHaveAttribute('data-status', 'online');
  // The server has his position: the card names the zone it put him in (or none).
  await expect(page.getByTestId(`simulator-zone-${driverId}`)).not.toHaveText('Zonă: —');
  return driverId;
}

/** The dispatcher's /simulator in its own browser context, with drivers online. */
async function simulatorWith(browser: Browser, ...callSigns: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.goto('/simulator');
  const driverIds: number[] = [];
  for (const callSign of callSigns) driverIds.push(await addSimulatedDriver(page, callSign));
  return { context, page, driverIds };
}

async function simulatorWithDriver(browser: Browser, callSign: string) {
  const sim = await simulatorWith(browser, callSign);
  return { ...sim, driverId: sim.driverIds[0] as number };
}

/** Takes the simulator's drivers offline (removing a card does) and closes it. */
async function closeSimulator(sim: { page: Page; context: BrowserContext; driverIds: number[] }) {
  for (const id of sim.driverIds) await sim.page.getByTestId(`simulator-remove-${id}`).click();
  await expect(sim.page.locator('[data-testid^="simulator-card-"]')).toHaveCount(0);
  await sim.context.close();
}

/** His accepted order driven to the end, which frees him for the next flows. */
async function driveToTheEnd(sim: Page, key: string) {
  await sim.getByTestId(`simulator-arrived-${key}`).click();
  await expect(sim.getByTestId(`simulator-order-${key}`)).toHaveAttribute(
    'data-trip',
    'waiting_client',
  );
  await sim.getByTestId(`simulator-start-${key}`).click();
  await sim.getByTestId(`simulator-finish-${key}`).click();
  await expect(sim.getByTestId(`simulator-order-${key}`)).toHaveCount(0);
}

async function placeOrder(page: Page, phone: string) {
  await page.getByTestId('place-A-address').fill('stefan cel');
  const option = page.getByRole('option', { name: /Ștefan cel Mare/ }).first();
  await expect(option).toBeVisible();
  await option.click();
  await page.getByTestId('order-phone').fill(phone);
  await page.getByTestId('order-client-name').fill('Client E2E dispecerat');
  await page.getByTestId('order-submit').click();
  await expect(page).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  return Number(page.url().split('/').pop());
}

test('a driver near the pickup gets the offer, accepts, and the order screen shows him', async ({
  page,
  browser,
}) => {
  const sim = await simulatorWithDriver(browser, '130');
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  const orderId = await placeOrder(page, '0744 555 130');
  await expect(page.getByTestId('driver-waiting')).toBeVisible();

  // The offer on his card; the console's search list shows him, and that he saw it.
  const key = `${sim.driverId}-${orderId}`;
  const offer = sim.page.getByTestId(`simulator-offer-${key}`);
  await expect(offer).toBeVisible();
  const row = page.getByTestId(`search-driver-${sim.driverId}`);
  await expect(row).toHaveAttribute('data-viewed', 'true');
  await expect(row).toContainText('130');
  await shot(page, 'dispatch-searching');
  await shot(sim.page, 'dispatch-offer');

  // Accept with the default 3 minutes: his once the step is decided.
  await expect(sim.page.getByTestId(`simulator-offer-minutes-${key}`)).toHaveValue('3 min');
  await sim.page.getByTestId(`simulator-accept-${key}`).click();
  await expect(sim.page.getByTestId(`simulator-order-${key}`)).toBeVisible();
  await expect(offer).toHaveCount(0);

  // The order screen follows without a reload: 'Șofer alocat' with his call sign and minutes.
  const assigned = page.getByTestId('driver-assigned');
  await expect(assigned).toBeVisible();
  await expect(page.getByTestId('driver-callsign')).toHaveText('130');
  await expect(page.getByTestId('driver-waiting-time')).toHaveText('3 min');
  await expect(page.getByTestId('order-form-state')).toHaveText(/Alocat/i);
  await page.getByTestId('dispatch-why').click();
  await expect(page.getByTestId('dispatch-trace')).toContainText('130 confirmat');
  await shot(page, 'dispatch-assigned');

  // His trip to the end frees him for the next flows.
  await driveToTheEnd(sim.page, key);
  await expect(page.getByTestId('order-form-state')).toHaveText(/Finalizat/i);
  await closeSimulator(sim);
});

test('the only driver refuses: the order ends with ‘Șoferii nu au fost găsiți’', async ({
  page,
  browser,
}) => {
  const sim = await simulatorWithDriver(browser, '127');
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  const orderId = await placeOrder(page, '0744 555 131');

  const key = `${sim.driverId}-${orderId}`;
  await sim.page.getByTestId(`simulator-refuse-${key}`).click();
  await expect(sim.page.getByTestId(`simulator-offer-${key}`)).toHaveCount(0);

  // 60 s, with the order's link and a close button.
  const toast = page.getByTestId('no-drivers-toast');
  await expect(toast).toContainText('Șoferii nu au fost găsiți');
  await expect(toast.getByRole('link', { name: `comanda #${orderId}` })).toHaveAttribute(
    'href',
    `/operator/order/${orderId}`,
  );
  await expect(page.getByTestId('order-form-state')).toHaveText(/Anulat/i);
  await expect(page.getByTestId(`search-driver-${sim.driverId}`)).toHaveCount(0);
  await page.getByTestId('dispatch-why').click();
  await expect(page.getByTestId('dispatch-trace')).toContainText('127 a refuzat');
  await shot(page, 'dispatch-no-drivers');
  await toast.locator('.mantine-Notification-closeButton').click();
  await expect(toast).toHaveCount(0);

  await closeSimulator(sim);
});

test('the Timeline explains the choice: the step, who was offered, who was skipped and why', async ({
  page,
  browser,
}) => {
  // Two drivers at the company's centre: 128 at work, 129 on a break (his app's 'Pauză').
  const sim = await simulatorWith(browser, '128', '129');
  const [taker, paused] = sim.driverIds as [number, number];
  await sim.page.getByTestId(`simulator-pause-${paused}`).click();
  await expect(sim.page.getByTestId(`simulator-card-${paused}`)).toHaveAttribute(
    'data-status',
    'paused',
  );

  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  const orderId = await placeOrder(page, '0744 555 128');
  const key = `${taker}-${orderId}`;
  await sim.page.getByTestId(`simulator-accept-${key}`).click();
  await expect(page.getByTestId('driver-assigned')).toBeVisible();
  await expect(page.getByTestId('driver-callsign')).toHaveText('128');

  // The dispatcher opens the order from the console's 'Confirmate' tab, then its Timeline.
  await page.getByTestId('tab-live').click();
  await page.getByTestId(`order-row-${orderId}`).click();
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('panel-id')).toHaveText(`#${orderId}`);
  await panel.getByTestId('panel-tab-timeline').click();
  const trace = panel.getByTestId('dispatch-trace');
  const first = trace.locator('[data-testid^="trace-step-"]').first();
  await expect(first).toContainText('Pasul 1');
  await expect(first.getByTestId('trace-method')).toHaveText(DEMO_FIRST_STEP);
  // Offered with his rank and distance; the paused driver skipped with the reason in words.
  await expect(first.getByTestId('trace-offered')).toContainText(/128 \(#1, [\d,]+ (m|km)\)/);
  await expect(first.getByTestId('trace-skipped')).toContainText(/în pauză: [^·]*\b129\b/);
  await expect(first.getByTestId('trace-event').filter({ hasText: '128 a acceptat' })).toHaveCount(
    1,
  );
  await expect(
    first.getByTestId('trace-event').filter({ hasText: '128 confirmat · 3 min până la client' }),
  ).toHaveCount(1);
  await shot(page, 'dispatch-timeline');
  await page.keyboard.press('Escape');
  await expect(panel.getByTestId('dispatch-trace')).toHaveCount(0);

  await driveToTheEnd(sim.page, key);
  await closeSimulator(sim);
});

test('a search interval dragged to the top changes which method the next order uses', async ({
  page,
  request,
}) => {
  const token = await dispatcherToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  let intervalId: number | null = null;
  let orderId: number | null = null;
  try {
    await loginFromHeader(page, 'dispecer@ogo.local');
    await expect(page).toHaveURL(/\/operator\/order\/0$/);
    await page.goto('/builder');
    await expect(page.getByTestId('search-builder')).toBeVisible();

    // A new interval (every day, the whole day) goes to the end; its one step becomes a
    // 4.5 km radius, 30 s, longest idle first: nothing like the seeded 3 km by distance.
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/search-intervals') && response.request().method() === 'POST',
    );
    await page.getByTestId('builder-add-interval').click();
    intervalId = ((await (await created).json()) as SearchInterval).id;
    const row = page.getByTestId(`interval-row-${intervalId}`);
    await page.getByTestId(`interval-toggle-${intervalId}`).click();
    const editor = page.getByTestId(`interval-editor-${intervalId}`);
    await editor.getByTestId('step-0-search_type').click();
    await page.getByRole('option', { name: 'Pe rază', exact: true }).click();
    await editor.getByTestId('step-0-search_limit').fill('4500');
    await editor.getByTestId('step-0-search_time').fill('30');
    await editor.getByTestId('step-0-search_order_by').click();
    await page.getByRole('option', { name: 'După timpul de așteptare' }).click();
    await editor.getByTestId('interval-save').click();
    await expect(row).toContainText('1 pas: Pe rază');
    await page.getByTestId(`interval-toggle-${intervalId}`).click();
    await expect(editor).toBeHidden();

    // Dragged by its handle above the first row.
    const rows = page.getByTestId('interval-list').locator('[data-testid^="interval-row-"]');
    expect(Number(await row.getAttribute('data-position'))).toBeGreaterThan(0);
    const from = await page.getByTestId(`interval-handle-${intervalId}`).boundingBox();
    const to = await rows.first().boundingBox();
    if (!from || !to) throw new Error('rows not laid out');
    const sorted = page.waitForResponse((response) =>
      response.url().endsWith('/api/search-intervals/sort'),
    );
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(x, to.y + 2, { steps: 15 });
    await page.mouse.up();
    expect((await sorted).status()).toBe(200);
    await expect(rows.first()).toHaveAttribute('data-testid', `interval-row-${intervalId}`);

    // The next order follows it: its first step is the new method.
    await page.goto('/operator/order/0');
    orderId = await placeOrder(page, '0744 555 140');
    await expect(page.getByTestId('driver-waiting')).toBeVisible();
    await page.getByTestId('dispatch-why').click();
    await expect(page.getByTestId('trace-method').first()).toHaveText(
      'Pe rază · După timpul de așteptare · Toți deodată · 30 s · max. 4500 metri',
    );
    // Canceled before its 30 s run out (no 'Șoferii nu au fost găsiți' for the next flows).
    await page.getByRole('button', { name: 'Anulează' }).click();
    await expect(page.getByText('Sigur vrei să ștergi comanda?')).toBeVisible();
    await page.getByTestId('cancel-reason-duplicate_order').click();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expect(page.getByTestId('order-form-state')).toHaveText(/Anulat/i);
    orderId = null;

    // Deleted from the builder: the seeded method is first again.
    await page.goto('/builder');
    await page.getByTestId(`interval-delete-${intervalId}`).click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId(`interval-row-${intervalId}`)).toHaveCount(0);
    intervalId = null;
  } finally {
    // Whatever failed above, the other flows keep the seeded method and no search runs on.
    if (orderId !== null)
      await request.patch(`/api/orders/${orderId}/cancel`, { headers: auth, data: {} });
    if (intervalId !== null)
      await request.delete(`/api/search-intervals/${intervalId}`, { headers: auth });
  }
});
