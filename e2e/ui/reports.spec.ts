import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { loginFromHeader, MAP_READY_TIMEOUT, storedToken } from '../fixtures';

/**
 * The orders report as an owner opens it: from the dashboard's 'Total comenzi' to the report,
 * one day and one driver filtered, sorted by fare, and the same rows downloaded as XLSX and CSV
 * (both files read back here).
 */
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

/** Today on the Bucharest clock, as DD.MM.YYYY. */
const today = () => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Bucharest',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
};

test('from the dashboard to the orders of one day and one driver, and out as XLSX and CSV', async ({
  page,
}) => {
  await loginFromHeader(page, 'manager@ogo.local');
  await expect.poll(() => storedToken(page)).not.toBeNull();
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/dashboard');
  await page.getByTestId('stat-orders-total').click({ timeout: MAP_READY_TIMEOUT });
  await expect(page).toHaveURL(/\/reports\/orders$/);
  await expect(page.getByTestId('report-totals')).toContainText('comenzi');

  // One day: today's finished orders, and the call sign of one of their drivers.
  await page.getByTestId('search-date-from').fill(today());
  await page.getByTestId('search-date-to').fill(today());
  await page.getByTestId('report-apply').click();
  await expect(page).toHaveURL(/date_from=\d{4}-\d{2}-\d{2}&date_to=/);
  const withDriver = page.locator('[data-testid^="report-row-"]').filter({ hasText: /Finalizat/ });
  await expect(withDriver.first()).toBeVisible();
  const callSign = ((await withDriver.first().locator('td').nth(6).textContent()) ?? '').trim();
  expect(callSign).toMatch(/^1\d\d$/);

  const driver = page.getByTestId('search-driver');
  await driver.fill(callSign);
  await page.getByRole('option', { name: new RegExp(`^${callSign} ·`) }).click();
  await page.getByTestId('report-apply').click();
  await expect(page).toHaveURL(/driver_id=\d+/);
  await page.getByTestId('sort-fare').click();
  await expect(page).toHaveURL(/sort=fare/);
  const rows = page.locator('[data-testid^="report-row-"]');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain(callSign);
  const count = await rows.count();
  const total = Number(
    /^(\d+) comenzi/.exec((await page.getByTestId('report-totals').textContent()) ?? '')?.[1],
  );
  expect(total).toBe(count);
  await page.screenshot({ path: test.info().outputPath('orders-report.png') });

  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('report-download-xlsx').click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^comenzi_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(await readFile((await xlsx.path()) as string), 1, { trim: false });
  expect(sheet[0]?.[0]).toBe('Comanda');
  expect(sheet.slice(1).map((r) => r[7])).toEqual(Array(count).fill(callSign));
  // In the screen's sort: the largest fare first.
  const fares = sheet.slice(1).map((r) => (typeof r[8] === 'number' ? r[8] : -1));
  expect(fares).toEqual([...fares].sort((a, b) => b - a));

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('report-download-csv').click();
  const csv = await csvDownload;
  const lines: string[][] = parse(await readFile((await csv.path()) as string), {
    bom: true,
    delimiter: ';',
  });
  expect(lines.slice(1).map((l) => Number(l[0]))).toEqual(sheet.slice(1).map((r) => r[0]));
});
