import { expect, test } from '@playwright/test';
import { expectMapState, loginFromHeader } from '../fixtures';

/**
 * A tile server that cannot be reached (an offline install, a closed network) is
 * noticed at its first failed tile: the map says so once, quietly, asks for no more tiles, and
 * the console is not flooded (before: two errors for each of ~95 tiles a view, on grey).
 */
test('an unreachable tile server: the map says so once and stops asking', async ({
  page,
  baseURL,
}) => {
  let tileRequests = 0;
  // The tiles live on this origin (the page's CSP allows it) and every one of them fails.
  await page.route('**/__unreachable-tiles/**', (route) => {
    tileRequests++;
    return route.abort('connectionrefused');
  });
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { map: { tiles_url: string | null } };
    config.map.tiles_url = `${baseURL}/__unreachable-tiles/{z}/{x}/{y}.png`;
    await route.fulfill({ response, json: config });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('open-drivers-map').click();
  const map = page.getByTestId('drivers-map');
  await expectMapState(map);
  await expect(map.getByTestId('map-basemap-unavailable')).toHaveText(
    'Fără hartă de fundal: serverul de hărți nu răspunde.',
  );
  await expect(map.getByTestId('map-basemap-unavailable')).toHaveCount(1);
  const asked = tileRequests;
  expect(asked).toBeGreaterThan(0);

  // A new view would need new tiles: none is asked for any more.
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 4, { steps: 8 });
  await page.mouse.up();
  await page.mouse.wheel(0, -600);
  await expect(map.getByTestId('map-basemap-unavailable')).toBeVisible();
  // Nothing to wait for but time: the moved and zoomed view would have asked within a second.
  await page.waitForTimeout(1_500);
  expect(tileRequests).toBe(asked);
  // Only the tiles already on their way when the first one failed may have logged an error.
  expect(consoleErrors.length).toBeLessThanOrEqual(2 * asked);
  expect(asked).toBeLessThan(40);
});
