import { expect, test } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../playwright.config';
import { expectMapState, loginFromHeader } from '../fixtures';

/** A browser without WebGL: the maps say so in one line and the screens still work. */
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--enable-unsafe-swiftshader'),
      '--disable-3d-apis',
    ],
  },
});

test('the manual address modal without WebGL still saves typed coordinates', async ({ page }) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('place-A-manual').click();
  // The map chunk loads before it finds no WebGL: as slow as a map on a busy machine.
  await expectMapState(page.getByTestId('manual-address-map'), 'unavailable');
  await expect(page.getByText('Harta nu poate fi afișată în acest browser')).toBeVisible();
  await page.getByTestId('manual-address-name').fill('Fără hartă, E2E');
  await page.getByTestId('manual-address-lat').fill('47.1601');
  await page.getByTestId('manual-address-lng').fill('27.5870');
  await page.getByTestId('manual-address-save').click();
  await expect(page.getByText('Adresa salvată')).toBeVisible();
});
