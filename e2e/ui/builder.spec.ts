import { expect, type Page, test } from '@playwright/test';
import type { PriorityInterval, SearchInterval } from '../../common/dispatch/search-config.schema';
import { loginFromHeader } from '../fixtures';

/**
 * The search configuration as a dispatcher works it: the /builder page (the
 * 'Search-method builder': add, edit, drag, delete) and the operator top bar's driver priority
 * window (add, delete), in Chromium against the real server.
 */

const SHOTS = process.env.BUILDER_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const toast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root', { hasText: text }).first()).toBeVisible();

const rowIds = async (page: Page) =>
  page
    .getByTestId('interval-list')
    .locator('[data-testid^="interval-row-"]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-testid')?.slice(13))));

async function addInterval(page: Page): Promise<SearchInterval> {
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/search-intervals') && response.request().method() === 'POST',
  );
  await page.getByTestId('builder-add-interval').click();
  const response = await created;
  expect(response.status()).toBe(201);
  await toast(page, 'Interval creat cu succes!');
  return (await response.json()) as SearchInterval;
}

test('a dispatcher adds an interval, edits its step, drags it to the top and deletes it', async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.goto('/builder');
  await expect(page).toHaveTitle(/Constructor mod de lucru/);
  await expect(page.getByTestId('search-builder')).toBeVisible();

  const first = await addInterval(page);
  const added = await addInterval(page);
  const row = page.getByTestId(`interval-row-${added.id}`);
  await expect(row).toContainText('În fiecare zi');
  await expect(row).toContainText('00:00 – 23:59:59');
  expect((await rowIds(page)).at(-1)).toBe(added.id);

  // Expand it, change when it applies and its step, add a second step.
  await page.getByTestId(`interval-toggle-${added.id}`).click();
  const editor = page.getByTestId(`interval-editor-${added.id}`);
  await expect(editor).toBeVisible();
  await editor.getByTestId('interval-day').click();
  await page.getByRole('option', { name: 'Luni' }).click();
  await editor.getByTestId('interval-time-from').fill('06:00:00');
  await editor.getByTestId('interval-time-to').fill('14:30');
  await editor.getByTestId('step-0-search_time').fill('12');
  await editor.getByTestId('step-0-ban_active').check();
  await expect(editor.getByTestId('step-0-ban')).toBeVisible();
  await editor.getByTestId('add-step').click();
  // A limit of 20 drivers does not become 20 metres: a new type starts at its own default.
  await editor.getByTestId('step-1-search_limit').fill('20');
  await editor.getByTestId('step-1-search_type').click();
  await page.getByRole('option', { name: 'Pe rază' }).click();
  await expect(editor.getByTestId('step-1')).toContainText('metri');
  await expect(editor.getByTestId('step-1-search_limit')).toHaveValue('3000');
  await shot(page, 'builder-editor');
  await editor.getByTestId('interval-save').click();
  await toast(page, 'Salvat cu succes!');
  await expect(row).toContainText('Luni');
  await expect(row).toContainText('06:00 – 14:30');
  await expect(row).toContainText('2 pași: În zona comenzii → Pe rază');
  // Closed again before dragging (a short row is an easy target).
  await page.getByTestId(`interval-toggle-${added.id}`).click();
  await expect(editor).toBeHidden();

  // Drag it by its handle above the first row.
  const handle = page.getByTestId(`interval-handle-${added.id}`);
  const target = page.getByTestId(`interval-row-${(await rowIds(page))[0]}`);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('rows not laid out');
  const sorted = page.waitForResponse((response) =>
    response.url().endsWith('/api/search-intervals/sort'),
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 15 });
  await page.mouse.up();
  expect((await sorted).status()).toBe(200);
  await toast(page, 'Ordinea de intervale, actualizată!');
  expect((await rowIds(page))[0]).toBe(added.id);

  // The order and the edit are the server's, not only the page's.
  await page.reload();
  await expect(page.getByTestId(`interval-row-${added.id}`)).toBeVisible();
  const ids = await rowIds(page);
  expect(ids[0]).toBe(added.id);
  expect(ids).toContain(first.id);
  await page.getByTestId(`interval-toggle-${added.id}`).click();
  await expect(editor.getByTestId('step-0-search_time')).toHaveValue('12');
  await expect(editor.getByTestId('step-1-search_limit')).toHaveValue('3000');
  await expect(editor.getByTestId('interval-time-to')).toHaveValue('14:30:00');

  // Delete after 'Remove?'.
  await page.getByTestId(`interval-delete-${added.id}`).click();
  await expect(page.getByText('Remove?')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
  await toast(page, 'Șters!');
  await expect(page.getByTestId(`interval-row-${added.id}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`interval-row-${first.id}`)).toBeVisible();
  expect(await rowIds(page)).not.toContain(added.id);
});

test('a dispatcher gives drivers priority for a while from the top bar, then removes it', async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('open-priority-window').click();
  const window = page.getByRole('dialog', { name: 'Prioritate șoferi' });
  await expect(window).toBeVisible();

  // Drivers found by call sign (debounced search), two of them.
  const drivers = window.getByTestId('priority-drivers');
  await drivers.click();
  // The list shows the last answer until the debounced search's lands: pick from that one (a
  // click while the list is replaced lands on another option, or on none).
  const searched = (text: string) =>
    page.waitForResponse(
      (response) =>
        response.url().includes('/api/users?') && response.url().includes(`search=${text}`),
    );
  const found101 = searched('101');
  await drivers.fill('101');
  await found101;
  await page.getByRole('option', { name: /^101 · / }).click();
  // Picking a driver clears the search: type the next one after that, not into the clearing.
  await expect(drivers).toHaveValue('');
  const found102 = searched('102');
  await drivers.fill('102');
  await found102;
  await page.getByRole('option', { name: /^102 · / }).click();
  await window.getByTestId('priority-from-time').fill('08:00');
  await window.getByTestId('priority-to-time').fill('20:00');

  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/users-intervals') && response.request().method() === 'POST',
  );
  await window.getByTestId('priority-add').click();
  const response = await created;
  expect(response.status()).toBe(201);
  const interval = (await response.json()) as PriorityInterval;
  expect(interval.users.map((user) => user.indicativ)).toEqual(['101', '102']);
  await toast(page, 'Prioritate salvată!');
  const row = window.getByTestId(`priority-row-${interval.id}`);
  await expect(row).toContainText('101');
  await expect(row).toContainText('102');
  // Shown local, DD.MM.YYYY HH:mm.
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} 08:00/);
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} 20:00/);
  await shot(page, 'priority-window');

  await window.getByTestId(`priority-delete-${interval.id}`).click();
  await expect(page.getByText('Remove?')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
  await toast(page, 'Șters!');
  await expect(row).toHaveCount(0);
});
