import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/**
 * End to end, as a dispatcher works: create an order by typing an address and picking
 * a suggestion, find it in the right tab, rename the client inline, cancel, retry, duplicate,
 * block the phone and see the next order from it refused; the v2 quick screen's shortcuts.
 */
const PHONE = '0744 321 987';

async function pickAddress(page: Page, field: string, text: string, suggestion: RegExp) {
  await page.getByTestId(field).fill(text);
  const option = page.getByRole('option', { name: suggestion }).first();
  await expect(option).toBeVisible();
  await option.click();
}

async function orderIdFromUrl(page: Page) {
  await expect(page).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  return Number(page.url().split('/').pop());
}

test('a dispatcher takes an order from intake to retry, duplicate and a blocked phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);

  // Intake: the address from the search, then the caller.
  await pickAddress(page, 'place-A-address', 'stefan cel', /Ștefan cel Mare/);
  await page.getByTestId('order-phone').fill(PHONE);
  await page.getByTestId('order-client-name').fill('Client E2E');
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Order created')).toBeVisible();
  const id = await orderIdFromUrl(page);
  await expect(page.getByTestId('driver-waiting')).toBeVisible();

  // It is live: the 'Confirmate' tab lists it as searching for a driver.
  await page.getByTestId('tab-live').click();
  const row = page.getByTestId(`order-row-${id}`);
  await expect(row).toHaveAttribute('data-state', 'created');
  await expect(row).toHaveAttribute('data-own', 'true');
  await expect(page.getByTestId(`order-phone-${id}`)).toHaveText('+40744321987');

  // The client's name is edited in the list.
  await page.getByTestId(`order-client-${id}`).click();
  await page.getByTestId(`order-client-input-${id}`).fill('Client Redenumit');
  await page.getByTestId(`order-client-input-${id}`).press('Enter');
  await expect(page.getByText('Nume client actualizat')).toBeVisible();
  await expect(page.getByTestId(`order-client-${id}`)).toHaveText('Client Redenumit');

  // Cancel, after the confirmation: it moves to 'Anulate' with a retry button.
  await page.getByTestId(`order-actions-${id}`).click();
  await page.getByTestId(`order-action-cancel-${id}`).click();
  await page.getByTestId('cancel-reason-client_canceled').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText('Order canceled')).toBeVisible();
  await page.getByTestId('tab-canceled').click();
  await expect(page.getByTestId(`order-row-${id}`)).toHaveAttribute('data-state', 'canceled');

  // Retry: back to searching, in 'Confirmate'.
  await page.getByTestId(`order-retry-${id}`).click();
  await expect(page.getByText('Сomanda retrimisa')).toBeVisible();
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId(`order-row-${id}`)).toHaveAttribute('data-state', 'created');

  // Duplicate: a new editable copy opens at its own address.
  await page.getByTestId(`order-actions-${id}`).click();
  await page.getByTestId(`order-action-duplicate-${id}`).click();
  await expect(page.getByText('Сomanda dublicata')).toBeVisible();
  const copyId = await orderIdFromUrl(page);
  expect(copyId).not.toBe(id);
  await expect(page.getByTestId('order-form')).toHaveAttribute('data-editable', 'true');

  // Block the phone from the original order; a new order from it is refused.
  await page.goto(`/operator/order/${id}`);
  await page.getByRole('button', { name: 'Blochează numărul' }).click();
  await page.getByTestId('block-phone-reason').fill('Test e2e');
  await page.getByTestId('block-phone-submit').click();
  await expect(page.getByText('Blocat!')).toBeVisible();

  await page.getByTestId('new-order').click();
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await pickAddress(page, 'place-A-address', 'gara', /Gara/);
  await page.getByTestId('order-phone').fill('+40 744 321 987');
  await page.getByTestId('order-client-name').fill('Alt client');
  await page.getByTestId('order-submit').click();
  await expect(page.getByText('Numărul de telefon este blocat.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
});

test('the v2 quick screen: "-" closes the form, "+" opens it, Ctrl+Enter places the order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator/);
  await page.goto('/operator/v2');
  const form = page.getByTestId('quick-order-form');
  await expect(form).toBeVisible();
  await page.locator('body').press('-');
  await expect(form).toBeHidden();
  await page.locator('body').press('+');
  await expect(form).toBeVisible();

  await pickAddress(page, 'quick-address', 'palatul cult', /Palatul Culturii/);
  await page.getByTestId('quick-comment').fill('Intrarea dinspre parc');
  await page.getByTestId('quick-phone').fill('0733 555 444');
  await page.getByTestId('quick-name').fill('Client Rapid');
  await page.getByTestId('quick-name').press('Control+Enter');
  await expect(page.getByText('Order created')).toBeVisible();
  await page.getByTestId('tab-live').click();
  await expect(
    page.locator('[data-testid^="order-row-"]', { hasText: 'Client Rapid' }).first(),
  ).toBeVisible();
});
