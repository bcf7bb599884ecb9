import type { Order } from '@common/orders/orders.schema';
import type { OrderUpdatedPayload } from '@common/realtime/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { connected, socketClients, type TestSocket } from '../../test/socket-clients';

/**
 * A protocol client's console: he follows the orders billed to his protocol company, placed by
 * himself or by a dispatcher (lists, counters, the order, live updates), and nothing of his
 * dispatch company's other clients or of another company.
 */
let t: TestApp;
let url = '';
const clients = socketClients(() => url);
type Headers = { authorization: string; token: string };
let protocolUser: Headers;
let colleague: Headers;
let dispatcher: Headers;
let otherProtocolUser: Headers;
/** A user of another protocol client of the same dispatch company. */
let sisterUser: Headers;
let protocolId = 0;
let sisterId = 0;

type Page = { data: Order[]; meta: { total: number } };
type Counters = Record<'in_call' | 'live' | 'finished' | 'canceled', number>;

const get = async <T>(path: string, headers: Headers) => {
  const response = await t.app.inject({ method: 'GET', url: path, headers });
  expect(response.statusCode, path).toBe(200);
  return response.json<T>();
};
const tabIds = async (tab: string, headers: Headers) =>
  (await get<Page>(`/api/dispatcher-orders/${tab}?per_page=100`, headers)).data.map((o) => o.id);
const counters = (headers: Headers) => get<Counters>('/api/dispatcher-orders/statistics', headers);
const listIds = async (headers: Headers) =>
  (await get<Page>('/api/orders?per_page=100', headers)).data.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const taxi = await buildCompany(t.db, { name: 'Taxi Protocol Test' });
  const protocol = await buildCompany(t.db, {
    name: 'Protocol Client SRL',
    type: 'protocol',
    parent_company_id: taxi.id,
  });
  const sister = await buildCompany(t.db, {
    name: 'Protocol Vecin SRL',
    type: 'protocol',
    parent_company_id: taxi.id,
  });
  protocolId = protocol.id;
  sisterId = sister.id;
  const otherTaxi = await buildCompany(t.db, { name: 'Alt Taxi' });
  const otherProtocol = await buildCompany(t.db, {
    name: 'Alt Protocol',
    type: 'protocol',
    parent_company_id: otherTaxi.id,
  });
  const company = (companyId: number) =>
    buildUser(t.db, { roles: ['company'], companyIds: [companyId] });
  protocolUser = await t.login(await company(protocol.id));
  colleague = await t.login(await company(protocol.id));
  otherProtocolUser = await t.login(await company(otherProtocol.id));
  sisterUser = await t.login(await company(sister.id));
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [taxi.id] }),
  );
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('a protocol client follows his company’s orders', () => {
  it('sees the order he placed in his tab, counter, top bar and the order itself', async () => {
    // Cached empty lists first: the new order must show in them at once.
    expect(await tabIds('live', protocolUser)).toEqual([]);
    const before = await counters(protocolUser);
    const order = await t.postOrder(protocolUser);

    expect(await tabIds('live', protocolUser)).toEqual([order.id]);
    expect(await counters(protocolUser)).toEqual({ ...before, live: before.live + 1 });
    const live = await get<{ orders_24h: number }>(
      '/api/dispatcher-orders/live-statistics',
      protocolUser,
    );
    expect(live.orders_24h).toBe(1);
    expect((await get<Order>(`/api/orders/${order.id}`, protocolUser)).id).toBe(order.id);
    expect(await listIds(protocolUser)).toContain(order.id);
    // His colleague of the same protocol company follows it too, and so does the dispatcher.
    expect(await tabIds('live', colleague)).toContain(order.id);
    expect(await tabIds('live', dispatcher)).toContain(order.id);
  });

  it('follows the order when the dispatcher cancels it, and never sees other orders', async () => {
    const order = await t.postOrder(protocolUser, { client_name: 'Urmărită' });
    await tabIds('canceled', protocolUser);
    // The dispatch company's own order and another company's client's order stay out of sight.
    const ownOfTaxi = await t.postOrder(dispatcher, { client_name: 'Doar taxi' });
    const foreign = await t.postOrder(otherProtocolUser, { client_name: 'Străin' });

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/cancel`,
      headers: dispatcher,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(await tabIds('canceled', protocolUser)).toContain(order.id);
    expect(await tabIds('live', protocolUser)).not.toContain(order.id);

    for (const tab of ['in-call', 'live', 'finished', 'canceled']) {
      const seen = await tabIds(tab, protocolUser);
      expect(seen).not.toContain(ownOfTaxi.id);
      expect(seen).not.toContain(foreign.id);
      expect(await tabIds(tab, otherProtocolUser)).not.toContain(order.id);
    }
    expect(await listIds(protocolUser)).not.toContain(foreign.id);
    expect(await listIds(protocolUser)).not.toContain(ownOfTaxi.id);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${foreign.id}`,
      headers: protocolUser,
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: otherProtocolUser,
    });
    expect(mine.statusCode).toBe(404);
    expect((await counters(otherProtocolUser)).canceled).toBe(0);
  });

  it('hears of his company’s orders on his socket, and of no other company’s', async () => {
    const socket: TestSocket = clients.open({ token: protocolUser.token });
    await connected(socket);
    const heard: OrderUpdatedPayload[] = [];
    socket.on('order_updated', (payload) => heard.push(payload));

    const foreign = await t.postOrder(otherProtocolUser, { client_name: 'Străin 2' });
    const ownOfTaxi = await t.postOrder(dispatcher, { client_name: 'Doar taxi 2' });
    const order = await t.postOrder(protocolUser, { client_name: 'Live' });
    await expect.poll(() => heard.map((p) => p.id), { timeout: 5000 }).toContain(order.id);
    const ids = heard.map((p) => p.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(ownOfTaxi.id);
  });

  it('sees an order a dispatcher billed to his company, everywhere he reads orders', async () => {
    // Cached lists and counters first: the billed order must show in them at once.
    const beforeLive = await tabIds('live', protocolUser);
    const before = await counters(protocolUser);
    const top = (headers: Headers) =>
      get<{ orders_24h: number }>('/api/dispatcher-orders/live-statistics', headers);
    const topBefore = await top(protocolUser);
    await listIds(protocolUser);
    const socket: TestSocket = clients.open({ token: protocolUser.token });
    await connected(socket);
    const heard: OrderUpdatedPayload[] = [];
    socket.on('order_updated', (payload) => heard.push(payload));

    const order = await t.postOrder(dispatcher, {
      client_name: 'Facturată',
      protocol_company_id: protocolId,
    });
    expect(order.created_by_company_id).not.toBe(protocolId);

    // His own orders first, then the newest: the billed one joins the list.
    expect(await tabIds('live', protocolUser)).toEqual([...beforeLive, order.id]);
    expect(await tabIds('live', colleague)).toContain(order.id);
    expect(await counters(protocolUser)).toEqual({ ...before, live: before.live + 1 });
    expect((await top(protocolUser)).orders_24h).toBe(topBefore.orders_24h + 1);
    expect(await listIds(protocolUser)).toContain(order.id);
    expect((await get<Order>(`/api/orders/${order.id}`, protocolUser)).id).toBe(order.id);
    expect(await get<unknown[]>(`/api/order-history/${order.id}`, protocolUser)).not.toEqual([]);
    const report = await get<{ data: { orderId: number }[] }>(
      '/api/orders-for-report?per_page=50',
      protocolUser,
    );
    expect(report.data.map((row) => row.orderId)).toContain(order.id);
    await expect.poll(() => heard.map((p) => p.id), { timeout: 5000 }).toContain(order.id);
    // Another company's protocol client sees none of it.
    expect(await tabIds('live', otherProtocolUser)).not.toContain(order.id);
    expect(await tabIds('live', sisterUser)).not.toContain(order.id);
  });

  it('stops seeing it when the dispatcher bills it to another company, which sees it', async () => {
    const order = await t.postOrder(dispatcher, {
      client_name: 'Mutată',
      protocol_company_id: protocolId,
    });
    const mineBefore = await counters(protocolUser);
    expect(await tabIds('live', protocolUser)).toContain(order.id);
    expect(await listIds(protocolUser)).toContain(order.id);
    const sisterBefore = await counters(sisterUser);
    expect(await tabIds('live', sisterUser)).not.toContain(order.id);
    const mine: TestSocket = clients.open({ token: protocolUser.token });
    const theirs: TestSocket = clients.open({ token: sisterUser.token });
    await Promise.all([connected(mine), connected(theirs)]);
    const resets: number[] = [];
    const heardMine: number[] = [];
    const heardTheirs: number[] = [];
    mine.on('orders_reset', ({ seq }) => resets.push(seq));
    mine.on('order_updated', (payload) => heardMine.push(payload.id));
    theirs.on('order_updated', (payload) => heardTheirs.push(payload.id));

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: dispatcher,
      payload: { protocol_company_id: sisterId },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Order>().protocol_user?.id).toBe(sisterId);

    expect(await tabIds('live', protocolUser)).not.toContain(order.id);
    expect(await counters(protocolUser)).toEqual({ ...mineBefore, live: mineBefore.live - 1 });
    expect(await listIds(protocolUser)).not.toContain(order.id);
    for (const path of [`/api/orders/${order.id}`, `/api/order-history/${order.id}`]) {
      const read = await t.app.inject({ method: 'GET', url: path, headers: protocolUser });
      expect(read.statusCode, path).toBe(404);
    }
    expect(await tabIds('live', sisterUser)).toContain(order.id);
    expect(await counters(sisterUser)).toEqual({ ...sisterBefore, live: sisterBefore.live + 1 });
    expect(await listIds(sisterUser)).toContain(order.id);
    // The new company hears of it; the old one only that its lists changed, not the order.
    await expect.poll(() => heardTheirs, { timeout: 5000 }).toContain(order.id);
    await expect.poll(() => resets.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(heardMine).not.toContain(order.id);
  });

  it('bills his own company whatever he sends: another company is refused, none keeps his', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: protocolUser,
      payload: {
        phone: '0744 555 667',
        client_name: 'Altcuiva',
        places: [{ name: 'Strada Lungă 2', lat: 47.16, long: 27.58 }],
        protocol_company_id: sisterId,
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      protocol_company_id: ['Compania de protocol nu a fost găsită.'],
    });

    const order = await t.postOrder(protocolUser, {
      client_name: 'A lui',
      protocol_company_id: null,
    });
    expect(order.protocol_user?.id).toBe(protocolId);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers: protocolUser,
        payload,
      });
    expect((await patch({ protocol_company_id: sisterId })).statusCode).toBe(422);
    const cash = await patch({ payment_type: 'cash', protocol_company_id: null });
    expect(cash.statusCode).toBe(200);
    expect(cash.json<Order>().protocol_user?.id).toBe(protocolId);
    expect(await tabIds('live', protocolUser)).toContain(order.id);
    expect(await tabIds('live', sisterUser)).not.toContain(order.id);
  });
});
