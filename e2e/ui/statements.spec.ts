import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { DEMO_PASSWORD, loginFromHeader } from '../fixtures';

/**
 * A protocol client's month as its people meet it: a ride billed to Protocol Corporate SRL is
 * driven; the taxi company's manager finds it in the client's statement and downloads it as
 * XLSX, the client's own user sees the same statement and downloads it as CSV; both files read
 * back as the screen's lines and totals.
 */
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

const PASSENGER = 'Decont Ștefănescu';

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/access-tokens', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** A 37,50 RON ride billed to the protocol company, recorded as driven by call sign 117. */
async function billedRide(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'dispecer@ogo.local')}` };
  const companies = await request.get('/api/protocol-companies', { headers });
  const company = ((await companies.json()) as { data: { id: number; name: string }[] }).data.find(
    (c) => c.name === 'Protocol Corporate SRL',
  );
  const drivers = await request.get('/api/driver-balances?search=117', { headers });
  const driver = (
    (await drivers.json()) as { data: { driver_id: number; indicativ: string }[] }
  ).data.find((d) => d.indicativ === '117');
  expect(company && driver).toBeTruthy();
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      phone: '0744 555 317',
      client_name: PASSENGER,
      payment_type: 'protocol',
      protocol_company_id: company?.id,
      cost: 3_750,
      places: [
        { name: 'Strada Lăpușneanu 10', lat: 47.167, long: 27.58 },
        { name: 'Aeroport Iași', lat: 47.178, long: 27.62 },
      ],
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: number };
  // Recorded by hand, as a dispatcher does for a ride the engine did not place.
  expect((await request.patch(`/api/orders/${id}/cancel`, { headers, data: {} })).ok()).toBe(true);
  const finished = await request.patch(`/api/orders/${id}/set-driver-and-finish`, {
    headers,
    data: { driverId: driver?.driver_id },
  });
  expect(finished.ok()).toBe(true);
  return id;
}

async function openStatements(page: Page) {
  await page.getByRole('button', { name: 'Financiar' }).click();
  await page.getByRole('menuitem', { name: 'Deconturi protocol' }).click();
  await expect(page).toHaveURL(/\/finances\/statements/);
}

test('the manager and the protocol client read and download the month’s statement', async ({
  page,
  browser,
  request,
}) => {
  const orderId = await billedRide(request);

  await loginFromHeader(page, 'manager@ogo.local');
  await openStatements(page);
  await page.getByRole('link', { name: 'Protocol Corporate SRL' }).click();
  const ride = page.getByTestId(`statement-ride-${orderId}`);
  await expect(ride).toContainText(PASSENGER);
  await expect(ride).toContainText('Strada Lăpușneanu 10 → Aeroport Iași');
  await expect(ride).toContainText('37,50 RON');
  const total = page.getByTestId('statement-total');
  const owed = (await total.locator('td').last().textContent()) ?? '';
  const rides = Number(
    /^(\d+) curs/.exec((await total.locator('td').nth(1).textContent()) ?? '')?.[1],
  );
  expect(rides).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('statement.png') });

  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('statement-download-xlsx').click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^decont_Protocol_Corporate_SRL_\d{4}-\d{2}\.xlsx$/);
  const sheet = await readSheet(await readFile((await xlsx.path()) as string), 1, { trim: false });
  expect(sheet[0]?.[0]).toBe('Comanda');
  // The lines and the totals line under the header.
  expect(sheet).toHaveLength(rides + 2);
  const line = sheet.find((row) => row[0] === orderId);
  expect(line?.[2]).toBe(PASSENGER);
  expect(line?.at(-1)).toBe(37.5);
  expect(`${Number(sheet.at(-1)?.at(-1)).toFixed(2).replace('.', ',')}`).toBe(
    owed.replace(/\./g, '').replace(' RON', ''),
  );

  // The client's own user: the same entry opens his company's statement.
  const client = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginFromHeader(client, 'protocol@ogo.local');
  await openStatements(client);
  await expect(client.getByTestId(`statement-ride-${orderId}`)).toContainText(PASSENGER);
  await expect(client.getByRole('link', { name: 'Toți clienții' })).toHaveCount(0);
  const csvDownload = client.waitForEvent('download');
  await client.getByTestId('statement-download-csv').click();
  const csv = await csvDownload;
  const lines: string[][] = parse(await readFile((await csv.path()) as string), {
    bom: true,
    delimiter: ';',
  });
  expect(lines).toHaveLength(rides + 2);
  expect(lines.find((l) => l[0] === String(orderId))?.slice(-3)).toEqual([
    '37,50',
    '0,00',
    '37,50',
  ]);
});
