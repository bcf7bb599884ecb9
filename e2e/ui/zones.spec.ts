import { expect, type Locator, type Page, test } from '@playwright/test';
import { ZONE_SELF_INTERSECTS } from '../../common/zones/zones.rules';
import { expectMapState, loginFromHeader } from '../fixtures';

/**
 * The zone and stand editor (/settings/polygons 'Delimitare zone') as a dispatcher
 * uses it, in Chromium with WebGL and no tile server: terra-draw on the real map, the shared
 * zod checks before the request, the server's answers.
 */

// The flow waits for the map to start on the CPU (expectMapState) and draws several shapes.
test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.ZONES_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The taxi company's zones and the number of its stands in the demo (server/db/demo-zones.ts). */
const DEMO_ZONES = [
  'Alexandru cel Bun',
  'Centru',
  'Copou',
  'Nicolina',
  'Podu Roș',
  'Păcurari',
  'Tătărași',
];
const DEMO_STANDS = 4;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point of the map by its offset from the map's centre, in pixels. */
const at = (box: Box, dx: number, dy: number) => ({
  x: box.x + box.width / 2 + dx,
  y: box.y + box.height / 2 + dy,
});

/** Clicks one corner after another as a hand would: the pointer travels between them. */
async function clickCorners(page: Page, box: Box, corners: readonly [number, number][]) {
  for (const [dx, dy] of corners) {
    const p = at(box, dx, dy);
    await page.mouse.move(p.x, p.y, { steps: 5 });
    await page.mouse.click(p.x, p.y);
  }
}

const summary = (page: Page) => page.getByTestId('outline-summary');

async function mapBox(map: Locator): Promise<Box> {
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  return box;
}

test('a dispatcher draws, edits, refuses a crossed outline and deletes a zone; places a stand', async ({
  page,
}) => {
  const editorChunks: string[] = [];
  page.on('request', (request) => {
    if (/ZonesPage|terra-draw/.test(request.url())) editorChunks.push(request.url());
  });
  const polygonWrites: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/polygons/.test(request.url()) && request.method() !== 'GET')
      polygonWrites.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });

  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await expect(page.getByTestId('tab-in-call')).toBeVisible();
  // The editor and its drawing library load with the page, not before.
  expect(editorChunks).toEqual([]);

  // Menu: 'Delimitare zone'.
  await page.getByRole('link', { name: 'Delimitare zone' }).click();
  await expect(page).toHaveURL(/\/settings\/polygons$/);
  await expect(page).toHaveTitle(/Delimitare zone/);
  const map = page.getByTestId('zones-map');
  await expectMapState(map);
  // The demo's Iași neighbourhoods are there from the first start, drawn on the map.
  await expect(page.getByTestId('tab-zones')).toHaveText(`Zone (${DEMO_ZONES.length})`);
  for (const name of DEMO_ZONES) {
    await expect(page.getByRole('row', { name: `Zona ${name}`, exact: true })).toBeVisible();
  }
  await shot(page, 'zones-demo');

  // A new zone: four corners, closed with a click on the first.
  await page.getByTestId('zone-new').click();
  await expect(page.getByTestId('zones-map-hint')).toContainText('Clic pe hartă');
  let box = await mapBox(map);
  await clickCorners(page, box, [
    [-120, -90],
    [110, -100],
    [130, 80],
    [-100, 100],
    [-120, -90],
  ]);
  await expect(summary(page)).toHaveText('4 colțuri');
  await expect(page.getByTestId('zones-map-hint')).toContainText('Trageți colțurile');
  await page.getByTestId('zone-name').fill('Zona E2E');
  await shot(page, 'zones-drawn');
  // Enter in the form saves.
  await page.getByTestId('zone-name').press('Enter');
  await expect(page.getByText('Salvat cu succes!')).toBeVisible();
  const row = page.getByRole('row', { name: 'Zona Zona E2E' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText(['Zona E2E', 'Da', '0', '4']);
  expect(polygonWrites).toEqual(['POST /api/polygons']);

  // Its corners: a click on the middle of the top edge adds one, a right-click removes it.
  box = await mapBox(map);
  const middle = at(box, (-120 + 110) / 2, (-90 + -100) / 2);
  await page.mouse.move(middle.x, middle.y, { steps: 5 });
  await page.mouse.click(middle.x, middle.y);
  await expect(summary(page)).toHaveText('5 colțuri');
  await page.mouse.click(middle.x, middle.y, { button: 'right' });
  await expect(summary(page)).toHaveText('4 colțuri');
  // A corner dragged outwards.
  const corner = at(box, 130, 80);
  await page.mouse.move(corner.x, corner.y, { steps: 5 });
  await page.mouse.down();
  await page.mouse.move(corner.x + 30, corner.y + 25, { steps: 8 });
  await page.mouse.up();
  await expect(summary(page)).toHaveText('4 colțuri');

  // Its name, saved with the button.
  await page.getByTestId('zone-name').fill('Zona E2E Nord');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText('Salvat cu succes!').first()).toBeVisible();
  await expect(page.getByRole('row', { name: 'Zona Zona E2E Nord' })).toBeVisible();
  expect(polygonWrites.at(-1)).toMatch(/^PATCH \/api\/polygons\/\d+$/);
  await shot(page, 'zones-edited');

  // A bow-tie: its edges cross, the form says so and no request leaves.
  await page.getByTestId('zone-new').click();
  box = await mapBox(map);
  await clickCorners(page, box, [
    [-200, -160],
    [-40, -20],
    [-40, -160],
    [-200, -20],
    [-200, -160],
  ]);
  await expect(summary(page)).toHaveText('4 colțuri');
  await expect(page.getByTestId('outline-error')).toHaveText(ZONE_SELF_INTERSECTS);
  await page.getByTestId('zone-name').fill('Fundă');
  const writes = polygonWrites.length;
  await page.getByTestId('editor-save').click();
  await expect(page.getByTestId('outline-error')).toHaveText(ZONE_SELF_INTERSECTS);
  await shot(page, 'zones-bow-tie');
  expect(polygonWrites).toHaveLength(writes);
  // Esc drops it, after the unsaved-changes question.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('zone-editor')).toBeHidden();

  // Delete, after asking 'Remove?'.
  await page.getByRole('row', { name: 'Zona Zona E2E Nord' }).click();
  await page.getByTestId('editor-delete').click();
  await expect(page.getByText('Remove?')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText('Șters!')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Zona Zona E2E Nord' })).toHaveCount(0);
  expect(polygonWrites.at(-1)).toMatch(/^DELETE \/api\/polygons\/\d+$/);

  // A stand: a click places its point, the radius is typed.
  await page.getByTestId('tab-stands').click();
  await expect(page).toHaveURL(/tab=stands/);
  await expect(page.getByRole('row', { name: 'Stația Gara' })).toContainText('Rază 80 m');
  await page.getByTestId('stand-new').click();
  box = await mapBox(map);
  await clickCorners(page, box, [[60, 40]]);
  await expect(page.getByTestId('stand-point')).toHaveText(/^\d+\.\d{5}, \d+\.\d{5}$/);
  await page.getByTestId('stand-name').fill('Stația E2E');
  await page.getByTestId('stand-radius').fill('120');
  await page.getByTestId('stand-name').press('Enter');
  await expect(page.getByText('Salvat cu succes!').first()).toBeVisible();
  const stand = page.getByRole('row', { name: 'Stația Stația E2E' });
  await expect(stand).toContainText('Rază 120 m');
  await shot(page, 'stands');

  // A stand as a small outline, drawn like a zone.
  await page.getByTestId('stand-new').click();
  // Within the form: the demo's outline stand says 'Contur' in the list too.
  await page.getByTestId('stand-shape').getByText('Contur', { exact: true }).click();
  box = await mapBox(map);
  await clickCorners(page, box, [
    [-150, 60],
    [-90, 60],
    [-120, 120],
    [-150, 60],
  ]);
  await expect(summary(page)).toHaveText('3 colțuri');
  await page.getByTestId('stand-name').fill('Stația Contur');
  await page.getByTestId('editor-save').click();
  await expect(page.getByRole('row', { name: 'Stația Stația Contur' })).toContainText('Contur');
  await expect(page.getByTestId('tab-stands')).toHaveText(`Stații (${DEMO_STANDS + 2})`);
  // Esc closes a saved, unchanged edit at once: every shape is drawn by the shapes layer again.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('zone-editor')).toBeHidden();
  await expect(page.getByTestId('zones-map-hint')).toBeHidden();
  await shot(page, 'overview');
});
