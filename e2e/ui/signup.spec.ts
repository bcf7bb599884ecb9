import { expect, test } from '@playwright/test';
import { CUI_TAKEN, INVALID_CUI } from '../../common/companies/signup.schema';
import { expectMapState, loginFromHeader, storedToken } from '../fixtures';

/**
 * A new business signs up from the home page ('/'): the CUI is
 * answered by the browser tests' stand-in for the ANAF registry (scripts/e2e-server.mjs), the
 * consent is required, and the new administrator lands logged in on his home screen.
 */

const SHOTS = process.env.SIGNUP_SCREENSHOTS;

test('a business signs up from the home page and lands logged in', async ({ page, request }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Înscriere firmă' });
  await expect(form).toBeVisible();

  // A malformed CUI is refused before any call.
  await form.getByLabel('CUI').fill('RO14146588');
  await form.getByRole('button', { name: 'Caută' }).click();
  await expect(form.getByText(INVALID_CUI)).toBeVisible();

  // The registry fills name and address ('RO' stripped); Enter searches too.
  await form.getByLabel('CUI').fill('RO 14146589');
  await form.getByLabel('CUI').press('Enter');
  await expect(form.getByTestId('cui-found')).toContainText('plătitoare de TVA');
  await expect(form.getByLabel('Denumire')).toHaveValue('TNT COMPUTERS SRL');
  await expect(form.getByLabel('Adresa sediului')).toHaveValue('MUN. IAȘI, STR. PALAT NR.1');

  await form.getByLabel('Telefon firmă').fill('0744 123 456');
  await form.getByText('Taxi', { exact: true }).click();
  await form.getByLabel('Nume și prenume').fill('Ion Popescu');
  await form.getByLabel('Adresa de e-mail').fill('ion@tnt-e2e.ro');
  await form.getByLabel('Parola contului').fill('parola-lunga-1');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/signup-form.png`, fullPage: true });

  // The consent is required.
  await form.getByRole('button', { name: 'Înscrie firma' }).click();
  await expect(form.getByText('Trebuie să fiți de acord cu termenii')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Înscrie firma' }).click();

  // Logged in as the company's administrator, on his home screen.
  await expect(page.getByText('Firma a fost înscrisă. Bine ați venit!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/$/);
  await expect(page.getByTestId('admin-header')).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const me = await request.get('/api/verify-access-tokens', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await me.json()).toMatchObject({
    email: 'ion@tnt-e2e.ro',
    roles: ['manager', 'dispatcher'],
    companies: [{ name: 'TNT COMPUTERS SRL', package_id: 1 }],
  });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/signup-landed.png` });
});

test('a second sign-up with the same CUI is told so on the field', async ({ page }) => {
  await page.goto('/business/enroll');
  const form = page.getByRole('form', { name: 'Înscriere firmă' });
  await form.getByLabel('CUI').fill('14146589');
  await form.getByLabel('Denumire').fill('Altă firmă SRL');
  await form.getByLabel('Telefon firmă').fill('0744 999 888');
  await form.getByLabel('Nume și prenume').fill('Ana Ionescu');
  await form.getByLabel('Adresa de e-mail').fill('ana@alta-e2e.ro');
  await form.getByLabel('Parola contului').fill('parola-lunga-2');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Înscrie firma' }).click();
  // On the field and as a toast (only logged sign-up failures).
  await expect(page.getByText(CUI_TAKEN)).toHaveCount(2);
  await expect(page).toHaveURL(/\/business\/enroll$/);
});

test('the new administrator sets his company up, and changes his password ending his other sessions', async ({
  page,
  request,
}) => {
  // Another session of his (another browser) before the change.
  const other = await request.post('/api/access-tokens', {
    data: { email: 'ion@tnt-e2e.ro', password: 'parola-lunga-1' },
  });
  const otherToken = (await other.json()).token as string;
  await loginFromHeader(page, 'ion@tnt-e2e.ro', 'parola-lunga-1');
  await expect(page.getByTestId('admin-header')).toBeVisible();

  // /settings: his own company, its map centre picked on the map.
  await page.goto('/settings');
  const settings = page.getByRole('form', { name: 'Setări firmă' });
  await expect(settings.getByLabel('Denumire')).toHaveValue('TNT COMPUTERS SRL');
  await expectMapState(page.getByTestId('company-settings-map'));
  const map = await page.getByTestId('company-settings-map').boundingBox();
  if (!map) throw new Error('no map');
  await page.mouse.click(map.x + map.width / 2 + 40, map.y + map.height / 2 - 30);
  await expect(settings.getByLabel('Latitudine')).not.toHaveValue('');
  await settings.getByLabel(/^Pas de căutare propriu/).check();
  await settings.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Salvat cu succes!')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings.png`, fullPage: true });

  // /settings/account: the password, with the current one.
  await page.goto('/settings/account');
  const form = page.getByRole('form', { name: 'Schimbă parola' });
  await form.getByLabel('Parola actuală').fill('gresita-1');
  await form.getByLabel('Parola nouă').fill('parola-noua-77');
  await form.getByRole('button', { name: 'Schimbă parola' }).click();
  await expect(form.getByText('Parola actuală nu este corectă.')).toBeVisible();
  await form.getByLabel('Parola actuală').fill('parola-lunga-1');
  await form.getByRole('button', { name: 'Schimbă parola' }).click();
  await expect(page.getByText(/^Parola a fost schimbată\. /)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/account.png`, fullPage: true });

  // This browser stays in; the other session is out.
  const mine = await storedToken(page);
  const verify = (token: string | null) =>
    request.get('/api/verify-access-tokens', { headers: { authorization: `Bearer ${token}` } });
  expect((await verify(mine)).status()).toBe(200);
  expect((await verify(otherToken)).status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId('admin-header')).toBeVisible();
});

test('the platform admin edits a page that is then public, scripts stripped', async ({ page }) => {
  await loginFromHeader(page, 'admin@ogo.local');
  await expect(page.getByTestId('admin-header')).toBeVisible();
  await page.goto('/content');
  const form = page.getByRole('form', { name: 'Pagină de conținut' });
  await form.getByLabel('Titlu').fill('Tarife');
  await form.getByLabel('Adresă (url)').fill('tarife');
  await form
    .getByLabel('Conținut (HTML)')
    .fill(
      '<h2>Tarife de zi</h2><p onclick="alert(1)">3 lei/km</p><script>document.title="x"</script>',
    );
  await expect(page.getByTestId('content-preview').locator('h2')).toHaveText('Tarife de zi');
  await form.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Salvat cu succes!')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/content-editor.png`, fullPage: true });

  await page.goto('/page/tarife');
  await expect(page.getByRole('heading', { name: 'Tarife', exact: true })).toBeVisible();
  const html = page.getByTestId('content-html');
  await expect(html).toContainText('3 lei/km');
  expect(await html.innerHTML()).not.toMatch(/onclick|<script/);
  await page.goto('/documentation');
  await page.getByRole('link', { name: 'Primii pași' }).click();
  await expect(page).toHaveURL(/\/documentation\/primii-pasi$/);
  await expect(page.getByTestId('content-html')).toContainText('Setări firmă');
  await page.goto('/docs/primii-pasi');
  await expect(page.getByRole('heading', { name: 'Primii pași', exact: true })).toBeVisible();
});
