import { expect, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/** A courier company (package 2) lists its orders and creates a delivery. */
test('a courier company user creates a delivery from the company to a searched address', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginFromHeader(page, 'curier@ogo.local');
  await expect(page.getByTestId('pos-header')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/all$/);
  await expect(page.getByTestId('menu-/orders/all')).toBeVisible();
  await expect(page.getByTestId('menu-/operator')).toHaveCount(0);

  await page.getByTestId('new-order').click();
  await expect(page).toHaveURL(/\/delivery\/order\/0$/);
  // Place A is the company itself; the drop-off is searched in Cluj-Napoca's gazetteer.
  await expect(page.getByTestId('place-A-address')).toHaveValue(/Rapid Curier Cluj/);
  await page.getByTestId('place-B-address').fill('memorandumului');
  await page
    .getByRole('option', { name: /Memorandumului/ })
    .first()
    .click();
  await page.getByTestId('order-phone').fill('0740 111 333');
  await page.getByTestId('order-client-name').fill('Destinatar Test');
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Order created')).toBeVisible();
  await expect(page).toHaveURL(/\/delivery\/order\/[1-9]\d*$/);

  await page.goto('/orders/all');
  await expect(
    page.locator('[data-testid^="order-row-"]', { hasText: 'Destinatar Test' }).first(),
  ).toBeVisible();
});
