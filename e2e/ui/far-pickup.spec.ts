import { expect, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

/**
 * A pickup in Cluj for the Iași demo company: outside its zones and far beyond its search's
 * reach. The form says so under the pickup, with the distance, and placing stays possible.
 */
test('a Cluj pickup for the Iași company is warned with its distance, and can still be placed', async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);

  await page.getByTestId('place-A-manual').click();
  const name = page.getByTestId('manual-address-name');
  await expect(name).toBeVisible();
  await name.fill('Piața Unirii, Cluj-Napoca');
  await page.getByTestId('manual-address-lat').fill('46.7694');
  await page.getByTestId('manual-address-lng').fill('23.5899');
  const saved = page.waitForResponse((r) => r.url().includes('/geo/add-place') && r.ok());
  await page.getByTestId('manual-address-save').click();
  const placeId = ((await (await saved).json()) as { place_id: string }).place_id;
  await expect(name).toBeHidden();

  const warning = page.getByTestId('far-pickup-warning');
  await expect(warning).toBeVisible();
  // Iași's centre to Cluj's is about 300 km as the crow flies.
  await expect(warning).toContainText(/Adresa este la 3\d\d(,\d)? km de centrul companiei/);

  await page.getByTestId('order-phone').fill('0733 100 200');
  await page.getByTestId('order-client-name').fill('Client Cluj');
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Order created')).toBeVisible();
  await expect(page).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  // The placed order still shows why it may find nobody.
  await expect(page.getByTestId('far-pickup-warning')).toBeVisible();

  const token = await storedToken(page);
  await page.request.delete(`/geo/delete-place/${encodeURIComponent(placeId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
});
