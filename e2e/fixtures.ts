import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'ogo-demo';

/** Logs in from the site header's dropdown, as a newcomer would (SPEC §2 Shell). */
export async function loginFromHeader(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.getByTestId('login-toggle').click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Parolă').fill(password);
  await page.getByRole('button', { name: 'Intră în cont' }).click();
}

/** The session token the web app stored (SPEC §4: token and user kept locally). */
export const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('ogo.session.token') ?? 'null') as string | null,
  );
