import { expect, type Page, test } from '@playwright/test';
import { expectMapState, loginFromHeader } from '../fixtures';

/**
 * Messages as a dispatcher and a driver use them: the dispatcher writes from 'Mesaj' on a
 * driver's card on the drivers map; the driver (on /simulator, through his own session)
 * answers; the dispatcher sees the envelope's count, opens the conversation and reads it, and
 * the driver's side shows the read tick; a message to all drivers reaches two simulated drivers.
 */

// Two maps start on the CPU, in two browser contexts.
test.describe.configure({ timeout: 150_000 });

// Offline in the demo, and no other flow uses them.
const WRITER = '131';
const LISTENER = '132';

/** Picks a demo driver on /simulator by call sign; answers his user id. */
async function pick(page: Page, callSign: string): Promise<number> {
  const picker = page.getByTestId('simulator-driver-select');
  await picker.click();
  await picker.fill(callSign);
  await page.getByRole('option', { name: new RegExp(`^${callSign} · `) }).click();
  const card = page
    .locator('[data-testid^="simulator-card-"]')
    .filter({ has: page.getByRole('switch', { name: `${callSign} online` }) });
  await expect(card).toHaveCount(1);
  return Number((await card.getAttribute('data-testid'))?.replace('simulator-card-', ''));
}

test('a dispatcher writes from the driver card, the driver answers on /simulator, ticks and a message to all', async ({
  page,
  browser,
}) => {
  // The driver's side: a colleague's simulator, acting as the two drivers.
  await loginFromHeader(page, 'dispecer2@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.goto('/simulator');
  await expectMapState(page.getByTestId('simulator-map'));
  const writer = await pick(page, WRITER);
  const listener = await pick(page, LISTENER);
  await page.getByRole('switch', { name: `${WRITER} online` }).click();
  await expect(page.getByTestId(`simulator-card-${writer}`)).toHaveAttribute(
    'data-status',
    'online',
  );

  // The dispatcher's console, in a browser of its own: the drivers map, the driver's card.
  const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await consoleContext.newPage();
  await loginFromHeader(desk, 'dispecer@ogo.local');
  await expect(desk).toHaveURL(/\/operator\/order\/0$/);
  await desk.getByTestId('open-drivers-map').click();
  const map = desk.getByTestId('drivers-map');
  await expectMapState(map);
  const panel = desk.getByTestId('drivers-map-panel');
  await desk.getByTestId('drivers-map-search').fill(WRITER);
  await expect(panel).toHaveAttribute('data-followed', String(writer));
  // The map follows him: his marker is at its centre.
  await expect
    .poll(async () => {
      const box = await map.boundingBox();
      if (!box) return false;
      await desk.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      return (
        (await desk.getByTestId('driver-card').getAttribute('data-driver-id')) === String(writer)
      );
    })
    .toBe(true);
  await desk.getByTestId(`driver-message-${writer}`).click();
  const popover = desk.getByTestId('chat-popover');
  await expect(popover.getByTestId('chat-window')).toBeVisible();
  await desk.getByTestId('chat-composer').fill('Treci pe la dispecerat, te rog.');
  await desk.keyboard.press('Enter');
  const sent = popover.locator('[data-testid^="message-ticks-"]').last();
  await expect(sent).toHaveAttribute('data-status', /sent|delivered|read/);

  // The driver sees it on his card (his app's socket), and it is marked delivered and read.
  const writerMessages = page.getByTestId(`sim-messages-${writer}`);
  await expect(writerMessages).toContainText('Treci pe la dispecerat, te rog.');
  await expect(sent).toHaveAttribute('data-status', 'read');

  // The dispatcher goes back to the list and closes the chat; the driver answers.
  await desk.getByTestId('chat-back').click();
  await expect(desk.getByTestId('conversations')).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await page.getByTestId(`sim-reply-${writer}`).fill('Vin în 10 minute.');
  await page.getByTestId(`sim-reply-${writer}`).press('Enter');
  const reply = writerMessages.locator('[data-testid^="sim-ticks-"]').last();
  await expect(reply).toHaveAttribute('data-status', /sent|delivered/);

  // The envelope counts it; the dispatcher opens the conversation and reads it.
  await expect(desk.getByTestId('messages-count')).toHaveAttribute('data-count', '1');
  await desk.getByTestId('messages-badge').click();
  await desk.getByTestId(`conversation-${writer}`).click();
  await expect(popover.getByTestId('chat-messages')).toContainText('Vin în 10 minute.');
  await expect(reply).toHaveAttribute('data-status', 'read');
  await expect(desk.getByTestId('messages-count')).toHaveAttribute('data-count', '0');

  // A message to all drivers reaches both simulated drivers.
  await desk.getByTestId('chat-back').click();
  await desk.getByTestId('chat-tab-new').click();
  await expect(desk.getByTestId('broadcast-drivers')).toBeDisabled();
  await desk.getByTestId('broadcast-text').fill('Drum închis pe Copou până la ora 18.');
  await desk.getByTestId('broadcast-drivers').click();
  await expect(desk.getByText('Mesaj trimis!')).toBeVisible();
  await expect(page.getByTestId(`sim-messages-${writer}`)).toContainText('Drum închis pe Copou');
  await expect(page.getByTestId(`sim-messages-${listener}`)).toContainText('Drum închis pe Copou');

  await page.getByTestId(`simulator-remove-${writer}`).click();
  await page.getByTestId(`simulator-remove-${listener}`).click();
  await consoleContext.close();
});
