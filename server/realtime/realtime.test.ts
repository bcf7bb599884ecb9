import type { Order } from '@common/orders/orders.schema';
import type { UserActivityPayload } from '@common/realtime/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { connected, socketClients, type TestSocket } from '../test/socket-clients';

let t: TestApp;
let url: string;
const clients = socketClients(() => url);

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const { open } = clients;

const refused = (socket: TestSocket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected but should have been refused')));
    socket.once('connect_error', (error) => resolve(error.message));
  });

/** Collects the events a socket receives, to assert both what arrives and what never does. */
const record = (socket: TestSocket) => {
  const events: UserActivityPayload[] = [];
  socket.on('user_activity', (payload) => events.push(payload));
  return events;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('Socket.IO realtime', () => {
  it('refuses a handshake without a valid token, or with the token in the query string', async () => {
    expect(await refused(open({}))).toBe('unauthorized');
    expect(await refused(open({ token: 'x'.repeat(43) }))).toBe('unauthorized');
    const user = await buildUser(t.db);
    const { token } = await t.login(user);
    expect(await refused(open({ query: { token } }))).toBe('token_in_query');
  });

  it('delivers company events to that company only', async () => {
    const a = await buildCompany(t.db);
    const b = await buildCompany(t.db);
    const actor = await buildUser(t.db, { companyIds: [a.id] });
    const colleague = await buildUser(t.db, { companyIds: [a.id] });
    const stranger = await buildUser(t.db, { companyIds: [b.id] });
    const colleagueSocket = open({ token: (await t.login(colleague)).token });
    const strangerSocket = open({ token: (await t.login(stranger)).token });
    await Promise.all([connected(colleagueSocket), connected(strangerSocket)]);
    const seenByColleague = record(colleagueSocket);
    const seenByStranger = record(strangerSocket);

    const session = await t.login(actor);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user-activity',
      headers: session,
      payload: { isOnline: true },
    });
    await settle();
    expect(seenByColleague).toEqual([
      expect.objectContaining({ user_id: actor.id, is_online: true }),
    ]);
    expect(seenByStranger).toEqual([]);
  });

  it('ends the sockets of a session on logout, and only those', async () => {
    const user = await buildUser(t.db);
    const first = await t.login(user);
    const second = await t.login(user);
    const loggedOut = open({ token: first.token });
    const stays = open({ token: second.token });
    await Promise.all([connected(loggedOut), connected(stays)]);
    const revoked = new Promise((resolve) => loggedOut.once('session_revoked', resolve));
    const disconnected = new Promise((resolve) => loggedOut.once('disconnect', resolve));

    await t.app.inject({ method: 'DELETE', url: '/api/access-tokens', headers: first });
    expect(await revoked).toEqual({ reason: 'logout' });
    await disconnected;
    await settle();
    expect(stays.connected).toBe(true);
    expect(await refused(open({ token: first.token }))).toBe('unauthorized');
  });

  it('pushes order_updated to the dispatching company only, when an order is created and canceled', async () => {
    const a = await buildCompany(t.db);
    const b = await buildCompany(t.db);
    const dispatcher = await buildUser(t.db, { companyIds: [a.id] });
    const watcher = open({
      token: (await t.login(await buildUser(t.db, { companyIds: [a.id] }))).token,
    });
    const outsider = open({
      token: (await t.login(await buildUser(t.db, { companyIds: [b.id] }))).token,
    });
    await Promise.all([connected(watcher), connected(outsider)]);
    const updates: Order[] = [];
    const cancellations: string[] = [];
    const leaked: Order[] = [];
    watcher.on('order_updated', (order) => updates.push(order));
    watcher.on('order_canceled', ({ reason }) => cancellations.push(reason));
    outsider.on('order_updated', (order) => leaked.push(order));

    const headers = await t.login(dispatcher);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        phone: '0744000222',
        client_name: 'Ana',
        places: [{ name: 'Copou 1', lat: 47.17, long: 27.57 }],
      },
    });
    const id = created.json<Order>().id;
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}/cancel`, headers });
    await settle();
    expect(updates.map((o) => [o.id, o.state])).toEqual([
      [id, 'created'],
      [id, 'canceled'],
    ]);
    expect(cancellations).toEqual(['dispatcher_canceled']);
    expect(leaked).toEqual([]);
  });
});
