import { expect, test } from '@playwright/test';
import { CUI_TAKEN, INVALID_CUI } from '../../common/companies/signup.schema';
import { storedToken } from '../fixtures';

/**
 * A new business signs up from the home page (issue #20, SPEC §2 '/', §5 Sign-up): the CUI is
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
  // On the field and as a toast (SPEC §8 only logged sign-up failures).
  await expect(page.getByText(CUI_TAKEN)).toHaveCount(2);
  await expect(page).toHaveURL(/\/business\/enroll$/);
});
