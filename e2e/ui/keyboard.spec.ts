import { expect, type Page, type Request, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

/**
 * The keyboard flows (F6 and Enter, Ctrl+Enter
 * then '+' on the quick screen, a typed house number) and the counters that change together.
 * Every wait is for a state: nothing here sleeps, so a busy machine only makes it slower.
 */

const api = async (page: Page, method: string, path: string, body?: unknown) => {
  const token = await storedToken(page);
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return response.status() === 204 ? null : (response.json() as Promise<Record<string, unknown>>);
};

/** A counter's figure once it has loaded ('–' before). */
async function figure(page: Page, testId: string): Promise<number> {
  const counter = page.getByTestId(testId);
  await expect(counter).toHaveText(/^\d+$/);
  return Number(await counter.textContent());
}

async function logInAsDispatcher(page: Page) {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('order-form')).toBeVisible();
}

test('F6 opens the call-sign search in the driver field; Enter picks the single match', async ({
  page,
}) => {
  await logInAsDispatcher(page);
  await page.keyboard.press('F6');
  await expect(page.getByRole('dialog', { name: 'Căutare comandă după indicativ' })).toBeVisible();
  const driver = page.getByTestId('callsign-driver');
  await expect(driver).toBeFocused();

  // Call sign 120 is one demo driver (taxi drivers are 101-132). Enter right after typing,
  // before the debounced search has answered: the pick waits for the answer.
  const ordersOfDriver = page.waitForRequest(
    (request) => request.url().includes('/api/orders?') && request.url().includes('driver_id='),
  );
  await page.keyboard.type('120');
  await page.keyboard.press('Enter');
  await expect(driver).toHaveValue(/^120 · /);
  await ordersOfDriver;
  await expect(page.getByTestId('callsign-results')).toBeVisible();
});

test("quick screen: the typed house number first, then Ctrl+Enter leaves the form and '+' opens the next order", async ({
  page,
}) => {
  await logInAsDispatcher(page);
  await page.goto('/operator/v2');
  const form = page.getByTestId('quick-order-form');
  await expect(form).toBeVisible();
  const orders24h = await figure(page, 'stat-orders-24h');

  // Near misses saved by the company: they used to come before number 7 itself.
  const saved: string[] = [];
  try {
    for (const number of ['17', '71', '7A']) {
      const place = await api(page, 'POST', '/geo/add-place', {
        name: `Strada Lăpușneanu ${number}`,
        lat: 47.1587,
        lng: 27.6012,
      });
      saved.push(String(place?.place_id));
    }
    const address = page.getByTestId('quick-address');
    await address.fill('Strada Lăpușneanu 7');
    await expect(page.getByTestId('quick-address-option-0')).toHaveText(
      'Strada Lăpușneanu 7, Iași',
    );
    await expect(page.getByTestId('quick-address-options')).toContainText('Strada Lăpușneanu 17');
    await address.press('Enter');
    await expect(address).toHaveValue('Strada Lăpușneanu 7, Iași');
  } finally {
    for (const id of saved) await api(page, 'DELETE', `/geo/delete-place/${id}`);
  }

  await page.getByTestId('quick-phone').fill('0733 555 777');
  const name = page.getByTestId('quick-name');
  await name.fill('Client Tastatură');
  await name.press('Control+Enter');
  await expect(page.getByText('Order created')).toBeVisible();
  // Placed: nothing in the form has the focus, so '+' is the screen's again.
  await expect(form.locator(':focus')).toHaveCount(0);
  await expect(name).toHaveValue('');
  await page.keyboard.press('+');
  await expect(page.getByTestId('quick-address')).toBeFocused();
  await expect(name).toHaveValue('');
  // 'Comenzi 24h' counts the new order with the tabs, not at its own next poll.
  await expect(page.getByTestId('stat-orders-24h')).toHaveText(String(orders24h + 1));
});

test('after a cancel, the Anulat tab and the top bar’s Anulate 24h change together', async ({
  page,
}) => {
  await logInAsDispatcher(page);
  const placed = await api(page, 'POST', '/api/orders', {
    phone: '0744 555 888',
    client_name: 'Client de anulat',
    places: [{ name: 'Strada Cuza Vodă 4', lat: 47.165, long: 27.58 }],
  });
  const id = Number(placed?.id);
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible();
  const tabBefore = await figure(page, 'tab-count-canceled');
  const topBefore = await figure(page, 'stat-canceled-24h');

  // When the two counters are asked for again after the cancel.
  const asked: { url: string; at: number }[] = [];
  const onRequest = (request: Request) => {
    if (/\/api\/dispatcher-orders\/(live-)?statistics/.test(request.url()))
      asked.push({ url: request.url(), at: Date.now() });
  };
  await page.getByTestId(`order-actions-${id}`).click();
  await page.getByTestId(`order-action-cancel-${id}`).click();
  page.on('request', onRequest);
  await page.getByTestId('cancel-reason-client_canceled').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText('Order canceled')).toBeVisible();

  // Orders of earlier flows whose search finds nobody are canceled meanwhile too ('Șoferii nu au
  // fost găsiți'): the two counters must move by the same amount, at least by ours.
  const moved = async () => {
    const tab = Number(await page.getByTestId('tab-count-canceled').textContent());
    const top = Number(await page.getByTestId('stat-canceled-24h').textContent());
    return { tab: tab - tabBefore, top: top - topBefore };
  };
  await expect
    .poll(async () => {
      const { tab, top } = await moved();
      return tab >= 1 && tab === top;
    })
    .toBe(true);
  await page.getByTestId('tab-canceled').click();
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible();
  // Refetched on the same event (the answer, the push), not one now and one at its 15 s poll.
  const first = (kind: RegExp) => asked.find((request) => kind.test(request.url))?.at;
  const tabsAt = first(/\/dispatcher-orders\/statistics/);
  const topAt = first(/\/dispatcher-orders\/live-statistics/);
  expect(tabsAt).toBeDefined();
  expect(topAt).toBeDefined();
  expect(Math.abs((topAt ?? 0) - (tabsAt ?? 0))).toBeLessThan(1_000);
  page.off('request', onRequest);
});
