import type { Message } from '@common/messages/messages.schema';
import type {
  MessageAck,
  MessageReceivedPayload,
  MessageStatusPayload,
} from '@common/realtime/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { connected, socketClients, type TestSocket } from '../../test/socket-clients';

let t: TestApp;
let url: string;
const clients = socketClients(() => url);
let company: number;

interface Person {
  id: number;
  token: string;
  headers: { authorization: string };
}

async function sessionOf(userId: number) {
  const { token } = await t.app.auth.issueSession(userId, {
    ttlSeconds: 3600,
    ip: '127.0.0.1',
    userAgent: 'messages-live.test',
  });
  return { id: userId, token, headers: { authorization: `Bearer ${token}` } };
}

async function person(roles: ('dispatcher' | 'driver' | 'client')[]): Promise<Person> {
  const user = await buildUser(t.db, { roles, companyIds: [company] });
  return sessionOf(user.id);
}

/** A connected socket of the person, recording every event it receives. */
async function socketOf(who: Person) {
  const socket = clients.open({ token: who.token });
  await connected(socket);
  const received: MessageReceivedPayload[] = [];
  const statuses: MessageStatusPayload[] = [];
  socket.on('message received', (message) => received.push(message));
  socket.on('message_status', (status) => statuses.push(status));
  return { socket, received, statuses };
}

/** Waits until `ready` holds (an event arrived), failing after 3 s. */
async function until(ready: () => boolean, what: string) {
  const deadline = Date.now() + 3_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const emitAck = (socket: TestSocket, event: 'messageRead' | 'messageDelivered', payload: unknown) =>
  new Promise<MessageAck>((resolve) => socket.emit(event, payload, resolve));

const send = async (from: Person, to: Person, message: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/messages/to-user',
    headers: from.headers,
    payload: { user_id: to.id, message },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Message>();
};

const unread = async (who: Person) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: who.headers })
  ).json<{ count: number }>().count;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  company = (await buildCompany(t.db)).id;
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('messages live', () => {
  it("tells the recipient and the sender's other tab of a message, and nobody else", async () => {
    const dispatcher = await person(['dispatcher']);
    const driver = await person(['driver']);
    const bystander = await person(['driver']);
    const [driverSocket, otherTab, bystanderSocket] = await Promise.all([
      socketOf(driver),
      socketOf(dispatcher),
      socketOf(bystander),
    ]);
    const message = await send(dispatcher, driver, 'Vino la sediu');
    await until(() => driverSocket.received.length === 1, 'the driver got it');
    await until(() => otherTab.received.length === 1, "the sender's tab got it");
    expect(driverSocket.received[0]).toEqual(message);
    expect(otherTab.received[0]).toEqual(message);
    expect(bystanderSocket.received).toEqual([]);
  });

  it('marks delivered then read from the socket, telling both sides message_status', async () => {
    const dispatcher = await person(['dispatcher']);
    const driver = await person(['driver']);
    const [phone, console] = await Promise.all([socketOf(driver), socketOf(dispatcher)]);
    await send(dispatcher, driver, 'unu');
    const last = await send(dispatcher, driver, 'doi');
    await until(() => phone.received.length === 2, 'both arrived');

    const delivered = await emitAck(phone.socket, 'messageDelivered', {
      interlocutor_id: dispatcher.id,
    });
    expect(delivered).toEqual({ ok: true, count: 2 });
    await until(() => console.statuses.length === 1, 'the sender heard of the delivery');
    expect(console.statuses[0]).toMatchObject({
      company_id: company,
      sender_id: dispatcher.id,
      user_id: driver.id,
      status: 'delivered',
      up_to_id: last.id,
    });

    const read = await emitAck(phone.socket, 'messageRead', { interlocutor_id: dispatcher.id });
    expect(read).toEqual({ ok: true, count: 0 });
    await until(() => console.statuses.length === 2, 'the sender heard of the reading');
    expect(console.statuses[1]).toMatchObject({ status: 'read', up_to_id: last.id });
    // The recipient's own devices hear it too (their unread count).
    await until(() => phone.statuses.length === 2, 'the reader heard it too');

    // Nothing left to mark: no event, the count stays.
    expect(await emitAck(phone.socket, 'messageRead', { interlocutor_id: dispatcher.id })).toEqual({
      ok: true,
      count: 0,
    });
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/self?interlocutor_id=${driver.id}`,
        headers: dispatcher.headers,
      })
    ).json<{ data: Message[] }>();
    expect(page.data.every((m) => m.is_read && m.delivered_at !== null)).toBe(true);
  });

  it('a read over a second session lowers the unread count the first session reads', async () => {
    const dispatcher = await person(['dispatcher']);
    const driver = await person(['driver']);
    await send(dispatcher, driver, 'citește-mă');
    expect(await unread(driver)).toBe(1);
    const second = await socketOf(await sessionOf(driver.id));
    expect(await emitAck(second.socket, 'messageRead', { interlocutor_id: dispatcher.id })).toEqual(
      { ok: true, count: 0 },
    );
    expect(await unread(driver)).toBe(0);
  });

  it('answers a bad or foreign payload in the acknowledgement, for any user', async () => {
    const client = await person(['client']);
    const stranger = await buildUser(t.db, { companyIds: [(await buildCompany(t.db)).id] });
    const { socket } = await socketOf(client);
    const bad = await emitAck(socket, 'messageRead', { interlocutor_id: 'x', extra: 1 });
    expect(bad).toMatchObject({ ok: false, message: 'Cererea nu este validă.' });
    expect(bad.ok === false && Object.keys(bad.errors ?? {})).toEqual(
      expect.arrayContaining(['interlocutor_id']),
    );
    expect(await emitAck(socket, 'messageDelivered', 'garbage')).toMatchObject({ ok: false });
    expect(await emitAck(socket, 'messageRead', { interlocutor_id: stranger.id })).toEqual({
      ok: false,
      message: 'Utilizatorul nu a fost găsit.',
    });
  });

  it("sends a message to all drivers once to the company's drivers room, with no copy's id", async () => {
    const dispatcher = await person(['dispatcher']);
    const driver = await person(['driver']);
    const client = await person(['client']);
    const [driverSocket, clientSocket, console] = await Promise.all([
      socketOf(driver),
      socketOf(client),
      socketOf(dispatcher),
    ]);
    const broadcasts: unknown[] = [];
    console.socket.on('messages_broadcast', (broadcast) => broadcasts.push(broadcast));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages/to-all-drivers',
      headers: dispatcher.headers,
      payload: { message: 'Ninge: conduceți atent' },
    });
    expect(response.statusCode).toBe(201);
    await until(() => driverSocket.received.length === 1, 'the driver got the broadcast');
    expect(driverSocket.received[0]).toMatchObject({
      id: null,
      user_id: null,
      type: 'drivers',
      message: 'Ninge: conduceți atent',
      broadcast_id: response.json<{ id: number }>().id,
    });
    await until(() => broadcasts.length === 1, "the sender's tabs list it");
    expect(broadcasts[0]).toEqual(response.json());
    expect(clientSocket.received).toEqual([]);

    await t.app.inject({
      method: 'POST',
      url: '/api/messages/to-all-clients',
      headers: dispatcher.headers,
      payload: { message: 'Reducere azi' },
    });
    await until(() => clientSocket.received.length === 1, 'the client got his');
    expect(clientSocket.received[0]).toMatchObject({ id: null, type: 'clients' });
    expect(driverSocket.received).toHaveLength(1);
  });
});
