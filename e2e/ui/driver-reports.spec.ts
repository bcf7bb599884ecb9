import type { DriverTripList } from '@common/driver-reports/driver-reports.schema';
import type { User } from '@common/users/users.schema';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, loginFromHeader } from '../fixtures';

/**
 * Drivers' devices and the public driver report (/devices, /device/{id},
 * /driver/reports/{token}) in Chromium against the demo company.
 */

const SHOTS = process.env.DRIVER_REPORTS_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/access-tokens', {
    data: { email: 'admin@ogo.local', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Two demo drivers with trips: the report's driver and one whose trips it must never show. */
async function driversWithTrips(request: APIRequestContext, headers: Record<string, string>) {
  const drivers = (await (
    await request.get('/api/users?role=driver&per_page=100', { headers })
  ).json()) as { data: User[] };
  const found: { id: number; name: string; trips: DriverTripList }[] = [];
  for (const driver of drivers.data) {
    const trips = (await (
      await request.get(`/api/drivers/${driver.id}/orders`, { headers })
    ).json()) as DriverTripList;
    if (trips.meta.total > 0) found.push({ id: driver.id, name: driver.name, trips });
    if (found.length === 2) break;
  }
  const [mine, other] = found;
  if (!mine || !other) throw new Error('the demo has fewer than two drivers with trips');
  return { mine, other };
}

test('an admin makes a report link on the driver’s page; a logged-out browser sees only that driver’s trips, until it is revoked', async ({
  browser,
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const { mine, other } = await driversWithTrips(request, headers);

  await loginFromHeader(page, 'admin@ogo.local');
  await expect(page.getByTestId('admin-header')).toBeVisible();
  await page.goto(`/user/${mine.id}/driver`);
  // The driver order list is the first tab: his trips, 30 a page.
  const list = page.getByTestId('driver-order-list');
  await expect(list.getByTestId(`trip-${mine.trips.data[0]?.id}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Linkuri raport' }).click();
  await page.getByTestId('report-link-days').fill('7');
  await page.getByTestId('report-link-create').click();
  const url = await page.getByTestId('report-link-url').inputValue();
  expect(url).toMatch(/\/driver\/reports\/[A-Za-z0-9_-]{43}$/);
  await shot(page, 'driver-report-links');

  // Nobody logged in: a fresh browser with no session.
  const visitor = await browser.newContext();
  const report = await visitor.newPage();
  await report.goto(url);
  await expect(report.getByTestId('driver-report')).toBeVisible();
  await expect(report.getByTestId('site-header')).toBeVisible();
  await expect(report.getByTestId('admin-header')).toHaveCount(0);
  await expect(report.getByTestId('driver-report-driver')).toContainText(mine.name);
  const rows = report.getByTestId('driver-report-trips').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(mine.trips.meta.total, 30));
  for (const trip of mine.trips.data)
    await expect(report.getByTestId(`trip-${trip.id}`)).toBeVisible();
  for (const trip of other.trips.data) {
    if (!mine.trips.data.some((t) => t.id === trip.id))
      await expect(report.getByTestId(`trip-${trip.id}`)).toHaveCount(0);
  }
  await shot(report, 'driver-report');

  // Revoked on the driver's page: the link says it is no longer valid.
  const live = page.getByTestId('report-link-table').getByRole('button', { name: 'Revocă' });
  await expect(live).toHaveCount(1);
  await live.click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('report-link-table')).toContainText('Revocat');
  await report.reload();
  await expect(report.getByTestId('driver-report-error')).toContainText('nu mai este valid');
  await expect(report.getByTestId('driver-report')).toHaveCount(0);
  await shot(report, 'driver-report-revoked');
  await visitor.close();
});

test('an admin adds a device from the menu, gives it to a driver and is told of a taken identifier', async ({
  page,
}) => {
  const identifier = `e2e-${Date.now()}`;
  await loginFromHeader(page, 'admin@ogo.local');
  await expect(page.getByTestId('admin-header')).toBeVisible();
  await page.getByTestId('menu-group-utilizatori').click();
  await page.getByTestId('menu-/devices').click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByTestId('device-list')).toBeVisible();
  await page.getByTestId('device-add').click();
  await expect(page).toHaveURL(/\/device\/0$/);

  await page.getByTestId('device-identifier').fill(identifier);
  await page.getByTestId('device-model').fill('Samsung Galaxy A14');
  await page.getByTestId('device-platform').click();
  await page.getByRole('option', { name: 'iOS' }).click();
  await page.getByTestId('device-app-version').fill('3.4.1');
  const driverBox = page.getByTestId('device-driver');
  await driverBox.click();
  const firstDriver = page.getByRole('option').first();
  await expect(firstDriver).toBeVisible();
  const driverLabel = (await firstDriver.textContent()) ?? '';
  await firstDriver.click();
  await shot(page, 'device-form');
  await page.getByTestId('device-save').click();
  await expect(page).toHaveURL(/\/device\/[1-9]\d*$/);
  await expect(page.getByTestId('device-driver')).toHaveValue(driverLabel);

  await page.goto('/devices');
  await page.getByTestId('device-search').fill(identifier);
  const row = page.getByTestId('device-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('iOS');
  await expect(row).toContainText(driverLabel.split(' · ').pop() ?? driverLabel);
  await shot(page, 'device-list');

  // The same identifier again in the same company: the server's refusal lands on the field.
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-identifier').fill(identifier);
  await page.getByTestId('device-model').fill('Alt telefon');
  // The same driver, so the same company: identifiers are unique within a company.
  await page.getByTestId('device-driver').click();
  await page.getByRole('option', { name: driverLabel }).click();
  await page.getByTestId('device-save').click();
  await expect(
    page.getByText('Un dispozitiv cu acest identificator există deja în companie.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/device\/0$/);
});
