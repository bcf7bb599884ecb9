import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';
import { driverOffline, driverOnline, type OnlineDriver } from '../support/driver-app';

/**
 * The money of a shift as an administrator and a dispatcher meet it: the manager sets the
 * commission; a trip placed at the console and driven to its end posts it, and the driver's
 * history shows it; the manager moves money between two drivers and sees both balances; a
 * discount given on a new order is paid back to its driver from 'Transfer cu reducere'.
 */

test.describe.configure({ timeout: 150_000, mode: 'serial' });

const PICKUP = { lat: 47.166, long: 27.585 };

async function pickAddress(page: Page, field: string, text: string, suggestion: RegExp) {
  await page.getByTestId(field).fill(text);
  const option = page.getByRole('option', { name: suggestion }).first();
  await expect(option).toBeVisible();
  await option.click();
}

/** A driver's id by his call sign, through the balances list (as the manager). */
async function driverIdOf(page: Page, callSign: string): Promise<number> {
  const token = await storedToken(page);
  const response = await page.request.get(`/api/driver-balances?search=${callSign}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { driver_id: number; indicativ: string }[] };
  const row = body.data.find((r) => r.indicativ === callSign);
  if (!row) throw new Error(`no driver ${callSign}`);
  return row.driver_id;
}

/**
 * The dispatcher places an order from Ștefan cel Mare to Palas at a fixed price (and a discount,
 * when named); the driver, online at the pickup, accepts it and drives it to its end.
 */
async function driveOrder(
  desk: Page,
  driver: OnlineDriver,
  input: { phone: string; name: string; price: string; discount?: RegExp },
): Promise<number> {
  const offered = new Set<number>();
  driver.socket.on('order_available', (offer: { orderId: number }) => offered.add(offer.orderId));
  await desk.goto('/operator/order/0');
  await pickAddress(desk, 'place-A-address', 'stefan cel', /Ștefan cel Mare/);
  await desk.getByTestId('place-add').click();
  await pickAddress(desk, 'place-B-address', 'palas', /Palas/);
  await desk.getByTestId('order-phone').fill(input.phone);
  await desk.getByTestId('order-client-name').fill(input.name);
  await desk.getByTestId('fixed-price').fill(input.price);
  if (input.discount) {
    await desk.getByTestId('order-discount').click();
    await desk.getByRole('option', { name: input.discount }).click();
    await expect(desk.getByTestId('fare-estimate')).toContainText('cu reducere');
  }
  await desk.getByTestId('order-submit').click();
  await expect(desk.getByText('Order created')).toBeVisible();
  await expect(desk).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  const id = Number(desk.url().split('/').pop());
  await expect.poll(() => offered.has(id), { timeout: 30_000 }).toBe(true);
  expect(
    await driver.socket.timeout(10_000).emitWithAck('accept_order', { orderId: id, time: 3 }),
  ).toEqual({ ok: true });
  const token = await storedToken(desk);
  await expect
    .poll(
      async () =>
        (
          (await (
            await desk.request.get(`/api/orders/${id}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { state: string }
        ).state,
      { timeout: 30_000 },
    )
    .toBe('assigned');
  for (const step of ['arrived', 'start', 'finish'] as const) {
    const answer = await driver.api.post(`/api/drivers/me/orders/${id}/${step}`, {
      headers: { authorization: `Bearer ${driver.token}` },
    });
    expect(answer.ok(), `${step}: ${await answer.text()}`).toBe(true);
  }
  return id;
}

test('the commission of a finished trip in the driver’s history, and a transfer between two drivers', async ({
  page,
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  await loginFromHeader(page, 'manager@ogo.local');
  await expect(page.getByTestId('profile-menu')).toBeVisible();

  // 10% of every trip for every service.
  await page.goto('/finances');
  await page.getByTestId('commission-0-percent_bp').fill('10');
  await page.getByTestId('commission-0-fixed').fill('0');
  await page.getByTestId('commission-save-0').click();
  await expect(page.getByText('Salvat cu succes!').first()).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await loginFromHeader(desk, 'dispecer@ogo.local');
  const driver = await driverOnline(baseURL, 'sofer121@ogo.local', PICKUP);
  let orderId = 0;
  try {
    orderId = await driveOrder(desk, driver, {
      phone: '0744 555 481',
      name: 'Client Comision',
      price: '30,00',
    });
  } finally {
    await driverOffline(driver);
    await context.close();
  }

  // The trip's commission (10% of 30,00 RON) in his history, linked to the order.
  const driverId = await driverIdOf(page, '121');
  await page.goto(`/finances/history?driver_id=${driverId}`);
  const commission = page
    .getByTestId('history-table')
    .getByRole('row')
    .filter({ hasText: `#${orderId}` });
  await expect(commission).toContainText('Comision');
  await expect(commission).toContainText('3,00 RON');
  await page.screenshot({ path: '.test-output/money-history.png' });

  // 10,00 RON from 121 to 122: both balances move, on the answer and on the balances list.
  const receiverId = await driverIdOf(page, '122');
  const balance = async (id: number) => {
    const token = await storedToken(page);
    const response = await page.request.get('/api/driver-balances?per_page=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = ((await response.json()) as { data: { driver_id: number; balance: number }[] })
      .data;
    return rows.find((r) => r.driver_id === id)?.balance ?? Number.NaN;
  };
  const [fromBefore, toBefore] = [await balance(driverId), await balance(receiverId)];
  await page.goto('/finances/transfer');
  for (const [field, callSign] of [
    ['transfer-from', '121'],
    ['transfer-to', '122'],
  ] as const) {
    await page.getByTestId(field).fill(callSign);
    await page.getByRole('option', { name: new RegExp(`^${callSign} ·`) }).click();
  }
  await page.getByTestId('transfer-amount').fill('10,00');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-result')).toContainText('Transfer efectuat.');
  await page.screenshot({ path: '.test-output/money-transfer.png' });
  expect(await balance(driverId)).toBe(fromBefore - 1_000);
  expect(await balance(receiverId)).toBe(toBefore + 1_000);
  await page.goto('/finances/sold');
  await page.getByTestId('balances-search').fill('122');
  await expect(page.getByTestId(`balance-row-${receiverId}`)).toBeVisible();
  await page.screenshot({ path: '.test-output/money-balances.png' });
});

test('a discount given on a new order is paid back to its driver', async ({
  page,
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  await loginFromHeader(page, 'manager@ogo.local');
  await expect(page.getByTestId('profile-menu')).toBeVisible();

  // A condition for everyone, 20%, paid back to the driver.
  await page.goto('/discount/0');
  await page.getByLabel('Nume').fill('Compensat E2E');
  await page.getByTestId('discount-value').fill('20');
  await page.getByLabel('Compensează șoferul').check({ force: true });
  await page.getByTestId('discount-save').click();
  await expect(page.getByText('Salvat cu succes!').first()).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await loginFromHeader(desk, 'dispecer@ogo.local');
  const driver = await driverOnline(baseURL, 'sofer123@ogo.local', PICKUP);
  let orderId = 0;
  try {
    orderId = await driveOrder(desk, driver, {
      phone: '0744 555 482',
      name: 'Client Reducere',
      price: '40,00',
      discount: /Compensat E2E/,
    });
  } finally {
    await driverOffline(driver);
    await context.close();
  }

  // 20% of 40,00 RON, credited to 123 once.
  await page.goto('/finances/transfer-discount');
  const row = page.getByTestId(`compensation-${orderId}`);
  await expect(row).toContainText('8,00 RON');
  await page.screenshot({ path: '.test-output/money-compensation.png' });
  await page.getByTestId(`compensate-${orderId}`).click();
  await expect(page.getByText('Compensat: 8,00 RON către 123.')).toBeVisible();
  await page.getByTestId('compensations-tab-done').click();
  await expect(page.getByTestId(`compensation-${orderId}`)).toBeVisible();
  const driverId = await driverIdOf(page, '123');
  await page.goto(`/finances/history?driver_id=${driverId}`);
  await expect(page.getByTestId('history-table')).toContainText('Compensare reducere');
});
