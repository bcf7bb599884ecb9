import { expect, type Page, test } from '@playwright/test';
import { loginFromHeader, storedToken } from '../fixtures';

/**
 * A console whose socket missed events (here every message the server
 * sent is dropped on the way, then the line is cut) catches up by itself when it reconnects:
 * its tabs and their counters read as a fresh load does. The page's clock is stopped meanwhile
 * and moved only by the reconnect delay (3 s) and a few ms after it: the tabs' and
 * counters' polls (10 s and 15 s) cannot fire, so only the catch-up can make the page right.
 */
const api = async (page: Page, token: string, method: string, path: string, body?: unknown) => {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
};

test('a console that missed events while its line was down shows what a fresh load shows', async ({
  page,
}) => {
  // Whichever transport carries the socket (long-polling first, then a websocket), the test
  // can silence what the server sends and cut the line.
  let dropping = false;
  let lines = 0;
  let closeLine: (() => Promise<void>) | undefined;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    lines++;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (!dropping) ws.send(message);
    });
    closeLine = () => ws.close();
  });
  await page.route(/\/socket\.io\/.*transport=polling/, (route) =>
    dropping ? route.abort() : route.fallback(),
  );

  await page.clock.install();
  await loginFromHeader(page, 'dispecer@ogo.local');
  await expect(page).toHaveURL(/\/operator\/order\/0$/);
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId('tab-count-live')).not.toHaveText('–');
  await expect.poll(() => closeLine !== undefined).toBe(true);
  const token = (await storedToken(page)) as string;
  // From here on the page's timers run only when the test moves its clock.
  await page.clock.pauseAt(Date.now() + 1_000);

  // The line goes quiet: what happens now reaches the server, not this page.
  dropping = true;
  const placed = await api(page, token, 'POST', '/api/orders', {
    phone: '0744 555 321',
    client_name: 'Client nevăzut',
    places: [{ name: 'Strada Cuza Vodă 2', lat: 47.165, long: 27.58 }],
  });
  const live = (await api(page, token, 'GET', '/api/dispatcher-orders/live?per_page=100')) as {
    data: { id: number; state: string }[];
  };
  const other = live.data.find((order) => order.id !== placed.id && order.state === 'created');
  if (other) await api(page, token, 'PATCH', `/api/orders/${other.id}/cancel`, {});
  // A connected console hears of a new order within milliseconds: this one must not.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await page.clock.runFor(20);
  await expect(page.getByTestId(`order-row-${placed.id}`)).toHaveCount(0);

  // The line is cut; the client reconnects (after 3 s) and must catch up at once,
  // not at its next poll (up to 10 s for the tab, 15 s for the counters).
  const before = lines;
  dropping = false;
  await closeLine?.();
  const fresh = (await api(page, token, 'GET', '/api/dispatcher-orders/statistics')) as Record<
    string,
    number
  >;
  await page.clock.runFor(3_100);
  await expect.poll(() => lines, { timeout: 15_000 }).toBeGreaterThan(before);
  // Real time for the handshake and the refetches; the page's clock moves 20 ms a step (its
  // query cache tells the screen through a 0 ms timer), far from any poll.
  const shown = async (check: () => Promise<boolean>) => {
    await expect
      .poll(
        async () => {
          await page.clock.runFor(20);
          return check();
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true);
  };
  await shown(() => page.getByTestId(`order-row-${placed.id}`).isVisible());
  if (other)
    await shown(async () => (await page.getByTestId(`order-row-${other.id}`).count()) === 0);
  await shown(
    async () => (await page.getByTestId('tab-count-live').textContent()) === String(fresh.live),
  );
  await shown(
    async () =>
      (await page.getByTestId('tab-count-canceled').textContent()) === String(fresh.canceled),
  );
});
