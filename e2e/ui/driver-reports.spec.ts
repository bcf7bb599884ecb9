import type {
  CreatedReportLink,
  DriverTripList,
} from '@common/driver-reports/driver-reports.schema';
import type { User } from '@common/users/users.schema';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, loginFromHeader } from '../fixtures';

/**
 * Issue #20: drivers' devices and the public driver report (SPEC §2 /devices, /device/{id},
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

test('a report link shows a logged-out browser only its driver’s trips, until it is revoked', async ({
  browser,
  request,
}) => {
  const headers = await adminHeaders(request);
  const { mine, other } = await driversWithTrips(request, headers);
  const created = await request.post(`/api/drivers/${mine.id}/report-links`, {
    headers,
    data: { days: 7 },
  });
  expect(created.status()).toBe(201);
  const { link, path } = (await created.json()) as CreatedReportLink;

  // Nobody logged in: a fresh browser with no session.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(path);
  await expect(page.getByTestId('driver-report')).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('admin-header')).toHaveCount(0);
  await expect(page.getByTestId('driver-report-driver')).toContainText(mine.name);
  const rows = page.getByTestId('driver-report-trips').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(mine.trips.meta.total, 30));
  for (const trip of mine.trips.data)
    await expect(page.getByTestId(`trip-${trip.id}`)).toBeVisible();
  for (const trip of other.trips.data) {
    if (!mine.trips.data.some((t) => t.id === trip.id))
      await expect(page.getByTestId(`trip-${trip.id}`)).toHaveCount(0);
  }
  await shot(page, 'driver-report');

  const revoked = await request.delete(`/api/drivers/${mine.id}/report-links/${link.id}`, {
    headers,
  });
  expect(revoked.status()).toBe(204);
  await page.reload();
  await expect(page.getByTestId('driver-report-error')).toContainText('nu mai este valid');
  await expect(page.getByTestId('driver-report')).toHaveCount(0);
  await shot(page, 'driver-report-revoked');
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
