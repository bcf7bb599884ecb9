import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginFromHeader } from '../fixtures';

/**
 * A ride a dispatcher bills to a protocol company ('Protocol?' and the company) is that
 * company's: its protocol client follows it in his console like the ones he places himself,
 * until it is billed elsewhere.
 */
test.use({ viewport: { width: 1440, height: 900 } });

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/access-tokens', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

test('a protocol client sees the order a dispatcher billed to his company, until it is not', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await tokenOf(request, 'dispecer@ogo.local')}` };
  const companies = await request.get('/api/protocol-companies', { headers });
  expect(companies.ok()).toBe(true);
  const company = ((await companies.json()) as { data: { id: number; name: string }[] }).data.find(
    (c) => c.name === 'Protocol Corporate SRL',
  );
  expect(company).toBeDefined();
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      phone: '0744 555 219',
      client_name: 'Invitat Facturat',
      places: [{ name: 'Strada Lăpușneanu 10', lat: 47.167, long: 27.58 }],
      protocol_company_id: company?.id,
      // Booked for later, so it stays in 'Confirmate' while no driver is looked for.
      departure_time: new Date(Date.now() + 3 * 3600_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' '),
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: number };

  await loginFromHeader(page, 'protocol@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('tab-live').click();
  const row = page.getByTestId(`order-row-${id}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Invitat Facturat');
  await expect(page.getByTestId('tab-count-live')).not.toHaveText('0');
  // The order itself opens, billed to his company.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`panel=${id}$`));
  await expect(page.getByText('Protocol · Protocol Corporate SRL')).toBeVisible();

  // The dispatcher takes the bill off his company (cash): the ride leaves his list as he watches.
  await page.keyboard.press('Escape');
  await expect(row).toBeVisible();
  const cash = await request.patch(`/api/orders/${id}`, {
    headers,
    data: { payment_type: 'cash', protocol_company_id: null },
  });
  expect(cash.status()).toBe(200);
  await expect(row).toHaveCount(0);
});
