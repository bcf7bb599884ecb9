import type { LoggedUser } from '@common/auth/auth.schema';
import type { SimulatorSession } from '@common/simulator/simulator.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { SOCKET_PACKET_LIMIT } from '../../realtime/flood-guard';
import { createTestApp, type TestApp } from '../../test/harness';
import { connected, disconnected, socketClients, type TestSocket } from '../../test/socket-clients';

/**
 * Authority follows the person, not the token. Each test is named after the rule it
 * guards; each failed on the code before the fix.
 */

const SOCKETS_PER_USER = 4;
type Headers = { authorization: string };

let t: TestApp;
let url: string;
const clients = socketClients(() => url);
let a: number;
let b: number;
let admin: Headers;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ SOCKETS_PER_USER: String(SOCKETS_PER_USER) });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = (await buildCompany(t.db)).id;
  b = (await buildCompany(t.db)).id;
  const platformAdmin = await buildUser(t.db, { roles: ['admin'], companyIds: [a] });
  adminId = platformAdmin.id;
  admin = await t.login(platformAdmin);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

const open = (token: string) => clients.open({ token });

const ordersSeen = (socket: TestSocket) => {
  const ids = new Set<number>();
  socket.on('order_updated', (order) => ids.add(order.id));
  return ids;
};
const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function simulatorSession(minter: Headers, driverId: number) {
  const response = await call('POST', '/api/simulator/sessions', minter, { driver_id: driverId });
  expect(response.statusCode).toBe(201);
  const { token } = response.json<SimulatorSession>();
  return { authorization: `Bearer ${token}`, token };
}

describe('simulator sessions are driver sessions (defect 1)', () => {
  it('carries the driver role alone, in the one company its minter shares with him', async () => {
    const dispatcher = await t.login(await buildUser(t.db, { companyIds: [a] }));
    // A driver who is also a manager, of two companies.
    const driver = await buildDriver(t.db, a, {
      roles: ['driver', 'manager'],
      companyIds: [a, b],
    });
    const session = await simulatorSession(dispatcher, driver.id);

    const me = await call('GET', '/api/verify-access-tokens', session);
    expect(me.statusCode).toBe(200);
    const user = me.json<LoggedUser>();
    expect(user.roles).toEqual(['driver']);
    expect(user.companies.map((company) => company.id)).toEqual([a]);

    // A manager's powers are not his simulator's.
    const create = await call('POST', '/api/users', session, {
      name: 'Intrus',
      email: 'intrus@test.ogo.local',
      password: 'parola-lunga-1',
      roles: ['dispatcher'],
      company_ids: [a],
    });
    expect(create.statusCode).toBe(403);
    for (const company of [a, b]) {
      expect((await call('GET', `/api/companies/${company}/settings`, session)).statusCode).toBe(
        403,
      );
    }
    expect(
      (
        await call('POST', `/api/users/${driver.id}/password`, session, {
          password: 'alta-parola-1',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/users', session)).statusCode).toBe(403);
    // Nor does it change the driver's account (whoever minted it could take it over).
    const rename = await call('PATCH', '/api/account', session, { name: 'Preluat', phone: null });
    expect(rename.statusCode).toBe(403);
    const password = await call('POST', '/api/account/password', session, {
      current_password: 'ogo-demo',
      new_password: 'parola-preluata-1',
    });
    expect(password.statusCode).toBe(403);
    // His own driver paths still work.
    expect((await call('GET', '/api/drivers/me/status', session)).statusCode).toBeLessThan(300);
  });

  it('ends when the dispatcher who minted it logs out', async () => {
    const dispatcher = await t.login(await buildUser(t.db, { companyIds: [a] }));
    const driver = await buildDriver(t.db, a);
    const session = await simulatorSession(dispatcher, driver.id);
    expect((await call('GET', '/api/verify-access-tokens', session)).statusCode).toBe(200);
    const socket = open(session.token);
    await connected(socket);

    expect((await call('DELETE', '/api/access-tokens', dispatcher)).statusCode).toBe(204);
    expect((await call('GET', '/api/verify-access-tokens', session)).statusCode).toBe(401);
    await disconnected(socket);
  });

  it('ends when the dispatcher who minted it is disabled', async () => {
    const minter = await buildUser(t.db, { companyIds: [a] });
    const dispatcher = await t.login(minter);
    const driver = await buildDriver(t.db, a);
    const session = await simulatorSession(dispatcher, driver.id);
    const socket = open(session.token);
    await connected(socket);

    const disable = await call('PATCH', `/api/users/${minter.id}`, admin, { disabled: true });
    expect(disable.statusCode).toBe(200);
    expect((await call('GET', '/api/verify-access-tokens', session)).statusCode).toBe(401);
    await disconnected(socket);
  });

  it("ends when its minter may no longer act as that company's drivers", async () => {
    const minter = await buildUser(t.db, { companyIds: [a] });
    const dispatcher = await t.login(minter);
    const driver = await buildDriver(t.db, a);
    const session = await simulatorSession(dispatcher, driver.id);
    const moved = await call('PATCH', `/api/users/${minter.id}`, admin, { company_ids: [b] });
    expect(moved.statusCode).toBe(200);
    expect((await call('GET', '/api/verify-access-tokens', session)).statusCode).toBe(401);
  });
});

describe('a manager administers only users all of whose companies are his (defects 4, 6)', () => {
  it('does not take over a user shared with a company he does not administer', async () => {
    const manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [a] }));
    const shared = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a, b] });
    const own = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a] });

    const reset = await call('POST', `/api/users/${shared.id}/password`, manager, {
      password: 'parola-noua-12',
    });
    expect(reset.statusCode).toBe(403);
    const email = await call('PATCH', `/api/users/${shared.id}`, manager, {
      email: 'furat@test.ogo.local',
    });
    expect(email.statusCode).toBe(403);
    expect((await call('GET', `/api/users/${shared.id}/telephony`, manager)).statusCode).toBe(403);
    // He still reads him (a colleague), and administers his own company's people.
    expect((await call('GET', `/api/users/${shared.id}`, manager)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/users/${own.id}/password`, manager, { password: 'parola-noua-12' }))
        .statusCode,
    ).toBe(204);
    // The shared user's password still opens his account.
    await t.login(shared);
  });

  it("neither reads nor rewrites the platform admin's softphone", async () => {
    const manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [a] }));
    expect((await call('GET', `/api/users/${adminId}/telephony`, manager)).statusCode).toBe(403);
    const rewrite = await call('PATCH', `/api/users/${adminId}/telephony`, manager, {
      sip_websocket: 'wss://evil.example/ws',
    });
    expect(rewrite.statusCode).toBe(403);
    const mine = await call('GET', `/api/users/${adminId}/telephony`, admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ sip_websocket: string | null }>().sip_websocket).toBeNull();
  });
});

describe("people's e-mails and phones are for administrators and dispatchers (defect 8)", () => {
  it('answers a company user 403 on the users list and a user', async () => {
    const company = await t.login(await buildUser(t.db, { roles: ['company'], companyIds: [a] }));
    const colleague = await buildUser(t.db, { companyIds: [a], phone: '0744111222' });
    expect((await call('GET', '/api/users', company)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${colleague.id}`, company)).statusCode).toBe(403);
    const dispatcher = await t.login(await buildUser(t.db, { companyIds: [a] }));
    expect((await call('GET', '/api/users', dispatcher)).statusCode).toBe(200);
  });
});

describe("an open socket follows its user's roles and companies (defect 5)", () => {
  it("leaves the company's rooms when his roles are taken away, on REST's word", async () => {
    const poster = await t.login(await buildUser(t.db, { companyIds: [a] }));
    const watcher = await buildUser(t.db, { companyIds: [a] });
    const control = open((await t.login(await buildUser(t.db, { companyIds: [a] }))).token);
    const socket = open((await t.login(watcher)).token);
    await Promise.all([connected(socket), connected(control)]);
    const seen = ordersSeen(socket);
    const controlSeen = ordersSeen(control);
    const before = await t.postOrder(poster);
    await until(() => seen.has(before.id), 'the first order on his socket');

    const demote = await call('PATCH', `/api/users/${watcher.id}`, admin, { roles: ['client'] });
    expect(demote.statusCode).toBe(200);
    const after = await t.postOrder(poster);
    await until(() => controlSeen.has(after.id), "the second order on a colleague's socket");
    expect(seen.has(after.id)).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('moves to the rooms of the company he is moved to', async () => {
    const posterA = await t.login(await buildUser(t.db, { companyIds: [a] }));
    const posterB = await t.login(await buildUser(t.db, { companyIds: [b] }));
    const moving = await buildUser(t.db, { companyIds: [a] });
    const controlA = open((await t.login(await buildUser(t.db, { companyIds: [a] }))).token);
    const socket = open((await t.login(moving)).token);
    await Promise.all([connected(socket), connected(controlA)]);
    const seen = ordersSeen(socket);
    const controlSeen = ordersSeen(controlA);

    expect(
      (await call('PATCH', `/api/users/${moving.id}`, admin, { company_ids: [b] })).statusCode,
    ).toBe(200);
    const inA = await t.postOrder(posterA);
    const inB = await t.postOrder(posterB);
    await until(() => seen.has(inB.id) && controlSeen.has(inA.id), "B's order on his socket");
    expect(seen.has(inA.id)).toBe(false);
  });

  it('ends when his account is disabled or his password reset', async () => {
    const disabled = await buildUser(t.db, { companyIds: [a] });
    const reset = await buildUser(t.db, { companyIds: [a] });
    const first = open((await t.login(disabled)).token);
    const second = open((await t.login(reset)).token);
    await Promise.all([connected(first), connected(second)]);
    await call('PATCH', `/api/users/${disabled.id}`, admin, { disabled: true });
    await call('POST', `/api/users/${reset.id}/password`, admin, { password: 'parola-noua-12' });
    await Promise.all([disconnected(first), disconnected(second)]);
  });
});

describe("one user's sockets are counted together (defect 8)", () => {
  it('draws every socket of one user from one packet budget: more sockets buy no more answers', async () => {
    const driver = await buildDriver(t.db, a);
    const { token } = await t.login(driver);
    const opened = Array.from({ length: SOCKETS_PER_USER }, () => open(token));
    await Promise.all(opened.map(connected));
    let answers = 0;
    // Each socket stays within one connection's budget (50 a window); together they do not.
    const perSocket = SOCKET_PACKET_LIMIT.packets - 5;
    for (const socket of opened) {
      for (let i = 0; i < perSocket; i++) {
        socket.emit('currentPosition', { lat: 47.16, long: 27.58, orderId: null }, () => {
          answers++;
        });
      }
    }
    await until(() => opened.some((socket) => !socket.connected), 'a socket cut for its user');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers).toBeLessThan(SOCKETS_PER_USER * perSocket);
    expect(answers).toBeLessThanOrEqual(SOCKET_PACKET_LIMIT.packets * 2 + 10);
  });

  it(`refuses a user's socket past ${SOCKETS_PER_USER} on a node`, async () => {
    const driver = await buildDriver(t.db, a);
    const { token } = await t.login(driver);
    const opened = Array.from({ length: SOCKETS_PER_USER }, () => open(token));
    await Promise.all(opened.map(connected));
    const extra = open(token);
    await expect(connected(extra)).rejects.toThrow('too_many_connections');
    opened[0]?.disconnect();
    await until(() => true, 'nothing');
    const again = open(token);
    await connected(again);
  });
});
