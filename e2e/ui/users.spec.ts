import { EMAIL_TAKEN } from '@common/users/users.schema';
import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/**
 * People and fleet in Chromium, as a new company would: the admin creates a
 * dispatcher and a driver with his car and call sign; the dispatcher logs in with the password
 * the admin set and reaches the console; a used e-mail is refused on its field.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.USERS_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const stamp = Date.now().toString(36);

async function createUser(
  page: Page,
  type: 'dispatcher' | 'driver',
  fields: { name: string; email: string; password: string },
) {
  await page.goto(`/users/${type}`);
  await page.getByTestId('users-add').click();
  await expect(page).toHaveURL(new RegExp(`/user/0/${type}$`));
  await page.getByTestId('user-name').fill(fields.name);
  await page.getByTestId('user-email').fill(fields.email);
  await page.getByTestId('user-phone').fill('0722 123 456');
  await page.getByTestId('user-password').fill(fields.password);
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(new RegExp(`/user/\\d+/${type}$`));
  await expect(page.getByRole('heading', { name: fields.name })).toBeVisible();
}

test('an admin creates a dispatcher and a driver with a car; the dispatcher logs in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginFromHeader(page, 'admin@ogo.local');
  await expect(page.getByTestId('admin-header')).toBeVisible();

  // The Users menu offers the user lists, administrators for admins.
  await page.getByTestId('menu-group-utilizatori').click();
  for (const label of [
    'Operatori',
    'Șoferi',
    'Clienți',
    'Companii protocol',
    'Transport',
    'Administratori firmă',
    'Administratori',
  ])
    await expect(page.getByRole('menuitem', { name: label, exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Operatori', exact: true }).click();
  await expect(page.getByTestId('users-dispatcher')).toBeVisible();
  await shot(page, 'users-dispatchers');

  const dispatcher = {
    name: `Dispecer Nou ${stamp}`,
    email: `dispecer.${stamp}@ogo.local`,
    password: 'parola-dispecer-1',
  };
  await createUser(page, 'dispatcher', dispatcher);
  await expect(page.getByTestId('telephony-card')).toBeVisible();
  await shot(page, 'user-dispatcher');

  // A used e-mail: the server's message on the e-mail field.
  await page.goto('/user/0/dispatcher');
  await page.getByTestId('user-name').fill('Altcineva');
  await page.getByTestId('user-email').fill('dispecer@ogo.local');
  await page.getByTestId('user-password').fill('parola-lunga-1');
  await page.getByTestId('user-save').click();
  await expect(page.getByText(EMAIL_TAKEN)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/0\/dispatcher$/);
  await shot(page, 'user-email-taken');

  // A driver, then his new car with its call sign.
  const indicativ = `9${String(Date.now() % 10_000).padStart(4, '0')}`;
  await createUser(page, 'driver', {
    name: `Șofer Nou ${stamp}`,
    email: `sofer.${stamp}@ogo.local`,
    password: 'parola-sofer-1',
  });
  await expect(page.getByTestId('driver-car')).toHaveText('Fără mașină.');
  await page.getByTestId('driver-car-new').click();
  const modal = page.getByRole('dialog');
  await modal.getByTestId('car-indicativ').fill(indicativ);
  await modal.getByTestId('car-number').fill(`IS-${stamp.slice(-2).toUpperCase()}-NOU`);
  await modal.getByTestId('car-make').fill('Dacia');
  await modal.getByTestId('car-model').fill('Logan');
  await modal.getByTestId('car-color').fill('Alb');
  await modal.getByTestId('car-itp_until').fill('01.01.2020');
  await modal.getByTestId('car-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('driver-car')).toContainText(indicativ);
  await shot(page, 'user-driver');

  // The fleet list shows the car, its past ITP flagged.
  await page.goto('/cars');
  await page.getByTestId('cars-search').fill(indicativ);
  const row = page.getByTestId('cars-table').getByRole('row').filter({ hasText: indicativ });
  await expect(row).toContainText(`Șofer Nou ${stamp}`);
  await expect(row.getByTestId('car-itp')).toHaveAttribute('data-expiry', 'expired');
  await expect(row.getByTestId('car-itp')).toHaveText('01.01.2020');
  await shot(page, 'cars');
  await row.click();
  await expect(page).toHaveURL(/\/car\/\d+$/);
  await expect(page.getByTestId('car-indicativ')).toHaveValue(indicativ);
  await expect(page.getByText('Expirat')).toBeVisible();
  await shot(page, 'car');

  // The dispatcher logs in with the password the admin set and reaches the console.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await loginFromHeader(page, dispatcher.email, dispatcher.password);
  await expect(page).toHaveURL(/\/operator/);
  await expect(page.getByTestId('admin-header')).toBeVisible();
  // He reads the drivers but does not add or edit them (docs/ADMINISTRATION.md).
  await page.goto('/users/driver');
  await page.getByTestId('users-search').fill(stamp);
  await expect(page.getByTestId('users-table')).toContainText(`Șofer Nou ${stamp}`);
  await expect(page.getByTestId('users-add')).toHaveCount(0);
});
