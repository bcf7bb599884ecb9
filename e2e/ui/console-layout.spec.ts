import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/**
 * At the size of a shift's screen (1440×900) and
 * under an en-US browser, whose native date and time inputs used to show 11/25/2026 and
 * 09:38 PM: the page never scrolls as a whole, the list shows 20 rows and more with the order
 * form open, no sideways scroll, dates and times Romanian; on v2 no row under the quick form.
 */
test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

/** Rows wholly inside the list's scrolling box, below its sticky header, and inside the window. */
async function fullyVisibleRows(list: Locator): Promise<number> {
  return list.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const head = box.querySelector('thead')?.getBoundingClientRect();
    const top = Math.max(frame.top, head?.bottom ?? frame.top, 0);
    const bottom = Math.min(frame.bottom, window.innerHeight);
    return [...box.querySelectorAll('tbody tr')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    }).length;
  });
}

const pageScrolls = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { height: root.scrollHeight, width: root.scrollWidth };
  });

/** The 'Final' tab: the demo closes 21 orders in the last 24 h, more than any other tab. */
async function openFinishedTab(page: Page) {
  await page.getByTestId('tab-finished').click();
  const list = page.getByTestId('tab-scroll-finished');
  await expect(list).toBeVisible();
  await expect
    .poll(() => list.locator('tbody tr').count(), { message: 'the demo has 20 finished orders' })
    .toBeGreaterThanOrEqual(20);
  return list;
}

test('the console fits 1440×900: 20 rows with the form open, no page scroll, Romanian dates', async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('order-form')).toBeVisible();
  const list = await openFinishedTab(page);

  // At least 20 whole rows in the list's own viewport, each on one line.
  await expect.poll(() => fullyVisibleRows(list)).toBeGreaterThanOrEqual(20);
  const rowHeights = await list
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(Math.max(...rowHeights)).toBeLessThan(40);

  // The whole page never scrolls: the header, the top bar and the tabs stay.
  const { innerHeight, innerWidth } = await page.evaluate(() => ({
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  const root = await pageScrolls(page);
  expect(root.height).toBeLessThanOrEqual(innerHeight);
  expect(root.width).toBeLessThanOrEqual(innerWidth);

  // No sideways scroll in the table: every column, SIP included, is in view.
  const sideways = await list.evaluate((box) => ({
    scroll: box.scrollWidth,
    client: box.clientWidth,
  }));
  expect(sideways.scroll).toBeLessThanOrEqual(sideways.client);
  await expect(list.getByRole('columnheader', { name: 'SIP' })).toBeInViewport({ ratio: 1 });

  // A long address stays on one line, cut, with the whole text on hover.
  const address = list.locator('[data-testid^="order-address-"]').first();
  const lineHeight = await address.evaluate((el) => el.getBoundingClientRect().height);
  expect(lineHeight).toBeLessThan(24);

  // The form's departure: DD.MM.YYYY and HH:mm (24 h), not the en-US native inputs.
  const date = page.getByTestId('order-date');
  const time = page.getByTestId('order-time');
  const inputType = (field: Locator) => field.evaluate((el) => (el as HTMLInputElement).type);
  expect(await inputType(date)).toBe('text');
  expect(await inputType(time)).toBe('text');
  await expect(date).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(time).toHaveValue(/^([01]\d|2[0-3]):[0-5]\d$/);
  const today = () =>
    page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${now.getFullYear()}`;
    });
  await expect.poll(async () => (await date.inputValue()) === (await today())).toBe(true);

  // Typed as a Romanian dispatcher types them.
  await time.fill('2145');
  await expect(time).toHaveValue('21:45');
  await time.blur();
  await expect(time).toHaveValue('21:45');

  // The form is a column of its own that scrolls when it grows; the page still does not.
  await expect(page.getByTestId('console-aside')).toHaveCSS('overflow-y', 'auto');
  expect((await pageScrolls(page)).height).toBeLessThanOrEqual(innerHeight);
});

test('on /operator/v2 no row hides under the quick form', async ({ page }) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('switch-operator-screen').click();
  await expect(page).toHaveURL(/\/operator\/v2$/);
  const form = page.getByTestId('quick-order-form');
  await expect(form).toBeVisible();
  const list = await openFinishedTab(page);

  const innerHeight = await page.evaluate(() => window.innerHeight);
  expect((await pageScrolls(page)).height).toBeLessThanOrEqual(innerHeight);

  // The list ends where the quick form begins, even scrolled to its last row.
  const formTop = (await form.boundingBox())?.y ?? 0;
  const listBox = await list.boundingBox();
  expect(listBox).not.toBeNull();
  expect((listBox?.y ?? 0) + (listBox?.height ?? 0)).toBeLessThanOrEqual(formTop + 0.5);
  await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
  const lastRow = list.locator('tbody tr').last();
  // Whole but for a sub-pixel: scrollTop is whole pixels, the rows are not.
  await expect(lastRow).toBeInViewport({ ratio: 0.98 });
  const last = await lastRow.boundingBox();
  expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(formTop + 0.5);
  expect(await fullyVisibleRows(list)).toBeGreaterThanOrEqual(15);
});
