import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'ogo-demo';

/**
 * Logs in from the site header's dropdown, as a newcomer would (Shell), and waits until the app
 * has the session stored, or has refused the login: a test that navigates at once would
 * otherwise leave the page before the token is kept, and land on /login.
 */
export async function loginFromHeader(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.getByTestId('login-toggle').click();
  // The login form's own fields: the home page's sign-up form has an e-mail field too.
  const form = page.getByRole('form', { name: 'Autentificare' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Parolă').fill(password);
  await page.getByRole('button', { name: 'Intră în cont' }).click();
  const refused = page.getByText('E-mailul sau parola nu sunt corecte.');
  await expect
    .poll(async () => (await storedToken(page)) !== null || (await refused.count()) > 0, {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The session token the web app stored (token and user kept locally). */
export const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('ogo.session.token') ?? 'null') as string | null,
  );

/**
 * How long a map may take to become ready: its chunk (~1 MB of maplibre) downloads and parses,
 * then WebGL starts in SwiftShader, all on the CPU; on a machine whose cores are busy that is
 * the slowest state of any flow. A wait for a state, so an idle machine does not pay it.
 */
export const MAP_READY_TIMEOUT = 45_000;

/**
 * Waits until a map is past loading and in `state` ('ready' with WebGL, 'unavailable' without):
 * the `data-map-state` marker MapCanvas and MapUnavailable set.
 */
export async function expectMapState(map: Locator, state: 'ready' | 'unavailable' = 'ready') {
  await expect(map).toHaveAttribute('data-map-state', state, { timeout: MAP_READY_TIMEOUT });
}
