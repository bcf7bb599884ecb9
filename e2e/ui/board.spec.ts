import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

/**
 * The order board over a shift: each row says its state and the trip's phase, a cancel asks
 * why and the reason shows in the list and the history, and toasts stay clear of 'Comandă'
 * and close on time even under the mouse.
 */

async function logInAsDispatcher(page: Page) {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('order-form')).toBeVisible();
}

async function placeOrder(page: Page, phone: string, name: string): Promise<number> {
  const token = await storedToken(page);
  const response = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      phone,
      client_name: name,
      places: [{ name: 'Strada Cuza Vodă 4', lat: 47.165, long: 27.58 }],
    },
  });
  expect(response.ok()).toBe(true);
  return Number(((await response.json()) as { id: number }).id);
}

/** Two boxes overlap when neither lies wholly beside or above the other. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('a box is not on screen');
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

async function cancelWithReason(page: Page, id: number, reasonKey: string, text: string) {
  await page.getByTestId(`order-actions-${id}`).click();
  await page.getByTestId(`order-action-cancel-${id}`).click();
  await expect(page.getByText('Sigur vrei să ștergi comanda?')).toBeVisible();
  // Keyboard: a digit picks the reason, the text follows, Enter cancels.
  await page.keyboard.press(reasonKey);
  await page.getByTestId('cancel-reason-text').fill(text);
  await page.getByTestId('cancel-reason-text').press('Enter');
}

test("an assigned demo order shows its trip's phase with its minutes", async ({ page }) => {
  await logInAsDispatcher(page);
  await page.getByTestId('tab-live').click();
  const assigned = page.locator('[data-testid^="order-row-"][data-state="assigned"]').first();
  await expect(assigned).toBeVisible();
  const id = (await assigned.getAttribute('data-testid'))?.replace('order-row-', '');
  await expect(page.getByTestId(`order-status-${id}`)).toHaveText(
    /^(spre client|șofer sosit|în cursă) · (\d+ min|\d+h\d\d)$/,
  );
  // Every row of the tab says its state.
  const rows = page.locator('[data-testid^="order-row-"]');
  const statuses = page.locator('[data-testid^="order-status-"]');
  await expect(statuses).toHaveCount(await rows.count());
  // So do the side panel's header and the order screen's 'Șofer alocat' card.
  await assigned.click();
  await expect(page.getByTestId('panel-phase-badge')).toHaveText(
    /^(spre client|șofer sosit|în cursă) · /,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('panel-phase-badge')).toBeHidden();
  await page.getByTestId(`order-link-${id}`).click();
  await expect(page.getByTestId('driver-assigned')).toBeVisible();
  await expect(page.getByTestId('driver-phase')).toContainText(/spre client|șofer sosit|în cursă/);
});

test('a cancel asks for a reason, shown in the list and in the history; the toast leaves Comandă clear and closes under the mouse', async ({
  page,
}) => {
  await logInAsDispatcher(page);
  const id = await placeOrder(page, '0744 555 921', 'Client Motiv');
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible();

  await cancelWithReason(page, id, '2', 'Sunat de trei ori');
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Order canceled' });
  await expect(toast).toBeVisible();
  expect(await overlaps(toast, page.getByTestId('order-submit'))).toBe(false);
  // Under a resting pointer it still goes (Mantine alone would keep it while hovered).
  await toast.hover();
  await expect(toast).toBeHidden({ timeout: 6000 });

  await page.getByTestId('tab-canceled').click();
  await expect(page.getByTestId(`order-cancel-reason-${id}`)).toHaveText(
    'Clientul nu răspunde: Sunat de trei ori',
  );
  await expect(page.getByTestId(`order-status-${id}`)).toHaveText('Anulat');
  await page.getByTestId(`order-row-${id}`).click();
  await expect(page.getByTestId('panel-cancel-reason')).toHaveText(
    'Clientul nu răspunde: Sunat de trei ori',
  );
  await page.getByTestId('panel-tab-timeline').click();
  await expect(page.getByTestId('order-history')).toContainText(
    'Anulată: Clientul nu răspunde: Sunat de trei ori',
  );
});

test("on the quick screen the toast leaves 'Comandă' and its form clear", async ({ page }) => {
  await logInAsDispatcher(page);
  const id = await placeOrder(page, '0744 555 922', 'Client Rapid');
  await page.goto('/operator/v2');
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible();
  await cancelWithReason(page, id, '3', 'A sunat de două ori');
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Order canceled' });
  await expect(toast).toBeVisible();
  expect(await overlaps(toast, page.getByTestId('quick-submit'))).toBe(false);
  expect(await overlaps(toast, page.getByTestId('quick-order-form'))).toBe(false);
});
