import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';
import { driverOffline, driverOnline } from '../support/driver-app';

/**
 * The fare as a manager and a dispatcher meet it: the manager sets the company's meter at
 * /finances; the dispatcher's order form shows the estimate once A and B are known and stores
 * it with the order; the driver finishes the trip and the order shows the fare he drove.
 */

test.describe.configure({ timeout: 120_000 });

async function pickAddress(page: Page, field: string, text: string, suggestion: RegExp) {
  await page.getByTestId(field).fill(text);
  const option = page.getByRole('option', { name: suggestion }).first();
  await expect(option).toBeVisible();
  await option.click();
}

test('a manager sets the meter; the order form estimates the trip; the finished trip has its fare', async ({
  page,
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  // The manager: the start fee from 5,00 to 6,00 RON for every service.
  await loginFromHeader(page, 'manager@ogo.local');
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.goto('/finances');
  await expect(page.getByTestId('finances-page')).toHaveAttribute('data-editable', 'true');
  const start = page.getByTestId('tariff-0-start_fee');
  await expect(start).toHaveValue('5,00');
  await start.fill('6,00');
  await page.getByTestId('tariff-save-0').click();
  await expect(page.getByText('Salvat cu succes!')).toBeVisible();

  // The dispatcher: A and B, then the estimate line with its figures.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await loginFromHeader(desk, 'dispecer@ogo.local');
  await expect(desk).toHaveURL(/\/operator\/order\/0$/);
  await pickAddress(desk, 'place-A-address', 'stefan cel', /Ștefan cel Mare/);
  await desk.getByTestId('place-add').click();
  await pickAddress(desk, 'place-B-address', 'palas', /Palas/);
  const estimate = desk.getByTestId('fare-estimate');
  await expect(estimate).toContainText('Tarif estimat:');
  await expect(estimate).toContainText('km');
  const estimated = Number(await estimate.getAttribute('data-cost'));
  // At least the new start fee; never under the minimum fare (12,00 RON).
  expect(estimated).toBeGreaterThanOrEqual(1200);
  await desk.screenshot({ path: '.test-output/fare-estimate.png' });

  // A driver near the pickup, online before the order is placed: the engine offers it to him.
  const driver = await driverOnline(baseURL, 'sofer124@ogo.local', { lat: 47.166, long: 27.585 });
  const offered = new Set<number>();
  driver.socket.on('order_available', (offer: { orderId: number }) => offered.add(offer.orderId));
  try {
    await desk.getByTestId('order-phone').fill('0744 555 371');
    await desk.getByTestId('order-client-name').fill('Client Tarif');
    await desk.getByTestId('order-submit').click();
    await expect(desk.getByText('Order created')).toBeVisible();
    await expect(desk).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
    const id = Number(desk.url().split('/').pop());
    const token = await storedToken(desk);
    const read = async () => {
      const response = await desk.request.get(`/api/orders/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as {
        state: string;
        cost: number | null;
        cost_source: string | null;
      };
    };
    expect(await read()).toMatchObject({ cost: estimated, cost_source: 'estimate' });

    // He accepts, is confirmed, and drives it: the finish makes the fare from his trip.
    await expect.poll(() => offered.has(id), { timeout: 30_000 }).toBe(true);
    expect(
      await driver.socket.timeout(10_000).emitWithAck('accept_order', { orderId: id, time: 3 }),
    ).toEqual({ ok: true });
    await expect.poll(async () => (await read()).state, { timeout: 30_000 }).toBe('assigned');
    for (const step of ['arrived', 'start', 'finish'] as const) {
      const answer = await driver.api.post(`/api/drivers/me/orders/${id}/${step}`, {
        headers: { authorization: `Bearer ${driver.token}` },
      });
      expect(answer.ok(), `${step}: ${await answer.text()}`).toBe(true);
    }
    const finished = await read();
    expect(finished.cost_source).toBe('meter');
    // The planned route's straight line at least the minimum fare.
    expect(finished.cost ?? 0).toBeGreaterThanOrEqual(1200);
    await desk.reload();
    await expect(desk.getByTestId('order-form-cost')).toContainText('RON');
  } finally {
    await driverOffline(driver);
    await context.close();
  }
});
