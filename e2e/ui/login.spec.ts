import { expect, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

test.describe('a newcomer logs in as the platform admin (Done when)', () => {
  test('logs in from the site header, sees the admin header, stays logged in on reload, logs out to /', async ({
    page,
    request,
  }) => {
    await loginFromHeader(page, 'admin@ogo.local');
    await expect(page.getByText('V-ați conectat cu succes!')).toBeVisible();
    const header = page.getByTestId('admin-header');
    await expect(header).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('clock')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
    await expect(page).toHaveTitle(/OGO Dashboard/);

    // The admin's menus: the System group holds the content page (the only menu page so far).
    await page.getByTestId('menu-group-sistem').click();
    await expect(page.getByTestId('menu-/content')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-name')).toHaveText('Administrator OGO');
    await expect(page.getByTestId('profile-email')).toHaveText('admin@ogo.local');
    await expect(page.getByTestId('profile-company')).toHaveText('OGO Taxi Iași');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByTestId('admin-header')).toBeVisible();
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('site-header')).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    // Logout revoked the token on the server, not only in the browser.
    const verify = await request.get('/api/verify-access-tokens', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.status()).toBe(401);
  });

  test('shows the server error for a wrong password and keeps the form', async ({ page }) => {
    await loginFromHeader(page, 'admin@ogo.local', 'wrong-password');
    await expect(page.getByText('E-mailul sau parola nu sunt corecte.').first()).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Autentificare' }).getByLabel('E-mail'),
    ).toHaveValue('admin@ogo.local');
    await expect(page.getByTestId('site-header')).toBeVisible();
  });

  test('sends a logged-out visitor of a login-required page to /login and back after login', async ({
    page,
  }) => {
    await page.goto('/settings/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Faccount/);
    await page.getByLabel('E-mail').fill('dispecer@ogo.local');
    await page.getByLabel('Parolă').fill('ogo-demo');
    await page.getByRole('button', { name: 'Intră în cont' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByTestId('account-details')).toContainText('dispecer@ogo.local');
  });

  test('a token revoked elsewhere logs the browser out at its next request', async ({
    page,
    request,
  }) => {
    await loginFromHeader(page, 'dispecer@ogo.local');
    await expect(page.getByTestId('admin-header')).toBeVisible();
    const token = await storedToken(page);
    const revoke = await request.delete('/api/access-tokens', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status()).toBe(204);
    // The revoked session's socket is told at once; the console returns to the login page.
    await expect(page).toHaveURL(/\/login/);
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('menus by role and company package (Shell)', () => {
  test('a dispatcher of the taxi company gets the admin header', async ({ page }) => {
    await loginFromHeader(page, 'dispecer@ogo.local');
    await expect(page.getByTestId('admin-header')).toBeVisible();
    await expect(page.getByTestId('pos-header')).toHaveCount(0);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-company')).toHaveText('OGO Taxi Iași');
  });

  test('a courier-company user gets the point-of-sale header with its own company', async ({
    page,
  }) => {
    await loginFromHeader(page, 'curier@ogo.local');
    await expect(page.getByTestId('pos-header')).toBeVisible();
    await expect(page.getByTestId('admin-header')).toHaveCount(0);
    await page.getByTestId('menu-group-sistem').click();
    await expect(page.getByTestId('menu-/content')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-company')).toHaveText('Rapid Curier Cluj');
    await page.getByRole('menuitem', { name: 'Companie' }).click();
    await expect(page).toHaveURL(/\/settings\/account\?tab=company/);
    await expect(page.getByText('Rapid Curier Cluj').first()).toBeVisible();
  });
});

test.describe('public pages', () => {
  test('the privacy page renders the stored content', async ({ page }) => {
    await page.goto('/driver/privacy');
    await expect(
      page.getByRole('heading', { name: 'Politica de confidențialitate pentru șoferi' }),
    ).toBeVisible();
    await expect(page.getByTestId('content-html')).toContainText('Pozițiile GPS');
  });

  test('an asset path that does not exist is a 404, not the app', async ({ request }) => {
    const response = await request.get('/assets/missing-file.js');
    expect(response.status()).toBe(404);
  });
});
