import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/**
 * Who sees what: a protocol client follows the order he placed in a console reduced to his
 * orders; a dispatcher is offered no page that would refuse him; the quick screen's top bar
 * holds every button at a shift's screen size.
 */
test.use({ viewport: { width: 1440, height: 900 } });

async function pickAddress(page: Page, field: string, text: string, suggestion: RegExp) {
  await page.getByTestId(field).fill(text);
  const option = page.getByRole('option', { name: suggestion }).first();
  await expect(option).toBeVisible();
  await option.click();
}

test('a protocol client places an order and follows it; his console has no dispatch tools', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginFromHeader(page, 'protocol@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('pos-header')).toBeVisible();

  // Reduced to his orders: no priorities, blocked numbers, zones editor, builder or simulator.
  await expect(page.getByTestId('operator-topbar')).toBeVisible();
  await expect(page.getByTestId('open-priority-window')).toHaveCount(0);
  await expect(page.getByTestId('open-blocked-phones')).toHaveCount(0);
  await expect(page.getByTestId('menu-/settings/polygons')).toHaveCount(0);
  await page.getByTestId('menu-group-sistem').click();
  await expect(page.getByTestId('menu-/content')).toBeVisible();
  await expect(page.getByTestId('menu-/builder')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await pickAddress(page, 'place-A-address', 'stefan cel', /Ștefan cel Mare/);
  await page.getByTestId('order-phone').fill('0744 765 432');
  await page.getByTestId('order-client-name').fill('Oaspete Protocol');
  await page.getByTestId('order-submit').click();
  await expect(page).toHaveURL(/\/operator\/order\/[1-9]\d*$/);
  const id = Number(page.url().split('/').pop());

  // His list and counter show it (assigned or still searching, it stays in 'Confirmate').
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible();
  await expect(page.getByTestId('tab-count-live')).toHaveText('1');

  // The pages that are not his say so, instead of a screen of errors.
  for (const path of ['/builder', '/simulator', '/settings/polygons']) {
    await page.goto(path);
    await expect(page.getByTestId('no-access'), path).toBeVisible();
  }
});

test("a dispatcher's menu offers no Dispozitive, and /devices says he has no access", async ({
  page,
}) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('menu-group-utilizatori').click();
  await expect(page.getByTestId('menu-/users/dispatcher')).toBeVisible();
  await expect(page.getByTestId('menu-/devices')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/devices');
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page).toHaveTitle('Dispozitive · OGO Dashboard');
});

test("the quick screen's top bar shows 'Indicativ F6' whole at 1440×900", async ({ page }) => {
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.goto('/operator/v2');
  const bar = page.getByTestId('operator-topbar');
  const button = page.getByTestId('open-callsign-search');
  await expect(button).toBeVisible();
  await expect(button).toContainText('Indicativ');
  await expect(button).toContainText('F6');
  const inside = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const frame = element.closest('[data-testid="operator-topbar"]')?.getBoundingClientRect();
    return {
      unclipped: element.scrollWidth <= element.clientWidth,
      within: frame ? box.left >= frame.left && box.right <= frame.right + 0.5 : false,
      inWindow: box.right <= window.innerWidth,
    };
  });
  expect(inside).toEqual({ unclipped: true, within: true, inWindow: true });
  // The bar itself does not overflow its place.
  expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
