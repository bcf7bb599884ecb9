import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

/**
 * A known caller's usual ride, from the keyboard only, on the demo data: the number (the form
 * starts at the phone), Enter for his last address, Ctrl+Enter. The name and notes come from
 * the client record. The keystrokes and the time from the first key to the placed order are
 * printed. A blocked number is said while it is typed, before any placing.
 */

/** Mihai Lungu, a demo client with rides behind him. */
const MIHAI = '0741245489';
/** A number the demo company blocked ('Comenzi false repetate'). */
const BLOCKED = '0744666000';

async function newOrderAsDispatcher(page: Page) {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('order-phone')).toBeFocused();
}

test('a known caller’s usual ride: the number, Enter for his last address, Ctrl+Enter', async ({
  page,
}) => {
  await newOrderAsDispatcher(page);
  const phone = page.getByTestId('order-phone');
  let keystrokes = 0;
  const press = async (key: string) => {
    keystrokes += 1;
    await page.keyboard.press(key);
  };

  // His last address, as the user-addresses service has it (most recently used first).
  const token = await storedToken(page);
  const saved = await page.request.get(`/user-addresses/addresses/${MIHAI}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [last] = (await saved.json()) as { name: string }[];
  expect(last, 'the demo client has a saved address').toBeDefined();

  const started = performance.now();
  for (const digit of MIHAI) await press(digit);
  // Enter at once, as a dispatcher who knows the caller: the address goes in when the number
  // has been looked up, with his name and notes, without a key more.
  await press('Enter');
  const typed = performance.now();
  await expect(page.getByTestId('place-A-address')).toHaveValue(last?.name ?? '');
  await expect(page.getByTestId('order-client-name')).toHaveValue('Mihai Lungu');
  await expect(phone).toBeFocused();
  const offered = performance.now();
  await press('Control+Enter');
  const sent = performance.now();

  await expect(page).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByTestId('order-form-state')).toBeVisible();
  await expect(page.getByTestId('order-form')).toHaveAttribute('data-editable', 'false');
  const placed = performance.now();
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `known caller: ${keystrokes} keystrokes (${MIHAI.length} digits, Enter, Ctrl+Enter), ` +
      `${s(placed - started)} s from the first key to order #${id} placed ` +
      `(number and Enter typed ${s(typed - started)} s, name and last address in +${s(offered - typed)} s, ` +
      `Ctrl+Enter +${s(sent - offered)} s, placed and shown +${s(placed - sent)} s)`,
  );
  expect(keystrokes).toBe(MIHAI.length + 2);

  // Placed as his: the list shows it searching, with his name and address.
  await page.getByTestId('tab-live').click();
  const row = page.getByTestId(`order-row-${id}`);
  await expect(row).toHaveAttribute('data-state', /created|assigned/);
  await expect(page.getByTestId(`order-client-${id}`)).toHaveText('Mihai Lungu');
  await expect(row).toContainText((last?.name ?? '').slice(0, 20));
});

test('a blocked number is said while it is typed, with its reason', async ({ page }) => {
  await newOrderAsDispatcher(page);
  const phone = page.getByTestId('order-phone');
  await page.keyboard.type(BLOCKED);
  await expect(
    page.getByText('Numărul de telefon este blocat. Motiv: Comenzi false repetate.'),
  ).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  // Nothing was sent: the warning came from the number alone.
  await expect(page.getByText('Order created')).toHaveCount(0);
  // Another number clears it.
  await phone.fill('0741 245 489');
  await expect(page.getByText(/Numărul de telefon este blocat/)).toHaveCount(0);
});
