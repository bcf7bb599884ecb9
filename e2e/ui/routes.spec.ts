import { expect, test } from '@playwright/test';
import { loginFromHeader } from '../fixtures';

/** Routes follow roles and company packages. */
test.describe('routes follow roles and packages', () => {
  test('a logged-out visitor of any login-required route goes to /login', async ({ page }) => {
    for (const path of ['/operator/v2', '/orders/all', '/delivery/order/0', '/dashboard']) {
      await page.goto(path);
      await expect
        .poll(() => {
          const url = new URL(page.url());
          return `${url.pathname}${url.search}`;
        })
        .toBe(`/login?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByTestId('site-header')).toBeVisible();
    }
  });

  test('a courier who types /operator gets the delivery console, not the taxi one', async ({
    page,
  }) => {
    await loginFromHeader(page, 'curier@ogo.local');
    await expect(page).toHaveURL(/\/orders\/all$/);
    for (const path of ['/operator', '/operator/v2']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/delivery\/order\/0$/);
      await expect(page.getByTestId('operator-console')).toHaveAttribute(
        'data-flavour',
        'delivery',
      );
      await expect(page.getByTestId('pos-header')).toBeVisible();
      await expect(page.getByText('Curieri online')).toBeVisible();
    }
  });

  test('a restaurant user who opens a taxi order link lands on the delivery order view', async ({
    page,
  }) => {
    await loginFromHeader(page, 'restaurant@ogo.local');
    await expect(page).toHaveURL(/\/orders\/all$/);
    await page.goto('/operator/order/0');
    await expect(page).toHaveURL(/\/delivery\/order\/0$/);
    await expect(page.getByTestId('operator-console')).toHaveAttribute('data-flavour', 'delivery');
  });

  test('a protocol company user gets the point-of-sale header and the taxi console', async ({
    page,
  }) => {
    await loginFromHeader(page, 'protocol@ogo.local');
    await expect(page.getByTestId('pos-header')).toBeVisible();
    await expect(page.getByTestId('admin-header')).toHaveCount(0);
    await expect(page).toHaveURL(/\/operator\/order\/0$/);
    await expect(page.getByTestId('operator-console')).toHaveAttribute('data-flavour', 'taxi');
    // Package 1 in the point-of-sale header: Operator, not Orders (Shell).
    await expect(page.getByTestId('menu-/operator')).toBeVisible();
    await expect(page.getByTestId('menu-/orders/all')).toHaveCount(0);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-company')).toHaveText('Protocol Corporate SRL');
    await page.keyboard.press('Escape');
    // The courier order list is not theirs: the taxi console answers instead.
    await page.goto('/orders/all');
    await expect(page).toHaveURL(/\/operator\/order\/0$/);
  });
});
