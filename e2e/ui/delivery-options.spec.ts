import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/** Each package's order form offers the options that fit it: a delivery has no pet or child seat. */

const options = (page: Page) => page.getByTestId('order-options');

async function newDelivery(page: Page, email: string) {
  await loginFromHeader(page, email);
  await expect(page).toHaveURL(/\/orders\/all$/);
  await page.getByTestId('new-order').click();
  await expect(page).toHaveURL(/\/delivery\/order\/0$/);
}

test('a courier’s delivery form offers delivery options, no pet or child seat', async ({
  page,
}) => {
  await newDelivery(page, 'curier@ogo.local');
  await expect(page.getByTestId('option-fragile')).toBeVisible();
  await expect(options(page)).toContainText('Sună înainte de livrare');
  await expect(options(page)).toContainText('Plată cu cardul');
  await expect(page.getByTestId('option-animal')).toHaveCount(0);
  await expect(page.getByTestId('option-child_seat')).toHaveCount(0);
  await expect(page.getByTestId('option-cutlery')).toHaveCount(0);
});

test('a restaurant’s delivery form offers a thermal bag; a dispatcher’s ride form the taxi options', async ({
  page,
}) => {
  await newDelivery(page, 'restaurant@ogo.local');
  await expect(page.getByTestId('option-thermal_bag')).toBeVisible();
  await expect(page.getByTestId('option-animal')).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('option-animal')).toBeVisible();
  await expect(page.getByTestId('option-fragile')).toHaveCount(0);
});
