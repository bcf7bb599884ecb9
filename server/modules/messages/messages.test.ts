import type { Broadcast, Conversation, Message, Recipient } from '@common/messages/messages.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pruneMessages } from './messages.repo';

type Headers = { authorization: string };

let t: TestApp;
let a: { id: number };
let b: { id: number };
const people: Record<string, { id: number; headers: Headers }> = {};

async function person(name: string, overrides: Parameters<typeof buildUser>[1]) {
  const user = await buildUser(t.db, { name, ...overrides });
  const { token } = await t.app.auth.issueSession(user.id, {
    ttlSeconds: 3600,
    ip: '127.0.0.1',
    userAgent: 'messages.test',
  });
  people[name] = { id: user.id, headers: { authorization: `Bearer ${token}` } };
  return people[name];
}

const who = (name: string) => {
  const found = people[name];
  if (!found) throw new Error(`no ${name}`);
  return found;
};

const post = (from: string, url: string, payload: object, headers: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...who(from).headers, ...headers }, payload });
const get = (from: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who(from).headers });
const send = (from: string, to: string, message: string, extra: object = {}) =>
  post(from, '/api/messages/to-user', { user_id: who(to).id, message, ...extra });
const unread = async (name: string) =>
  (await get(name, '/api/messages/unread-count')).json<{ count: number }>().count;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildCompany(t.db, { name: 'Alfa' });
  b = await buildCompany(t.db, { name: 'Beta' });
  const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: a.id });
  await person('dispA', { roles: ['dispatcher'], companyIds: [a.id] });
  await person('dispA2', { roles: ['dispatcher'], companyIds: [a.id] });
  await person('dispB', { roles: ['dispatcher'], companyIds: [b.id] });
  await person('dispAB', { roles: ['dispatcher'], companyIds: [a.id, b.id] });
  await person('drvA', { roles: ['driver'], companyIds: [a.id], identifier: '301' });
  await person('drvA2', { roles: ['driver'], companyIds: [a.id], identifier: '302' });
  await person('drvB', { roles: ['driver'], companyIds: [b.id], identifier: '401' });
  await person('drvAB', { roles: ['driver'], companyIds: [a.id, b.id], identifier: '501' });
  await person('gone', { roles: ['driver'], companyIds: [a.id], disabled: true });
  await person('clientA', { roles: ['client'], companyIds: [a.id], phone: '+40744123987' });
  await person('protocol', { roles: ['company'], companyIds: [protocol.id] });
  await person('admin', { roles: ['admin'] });
}, 60_000);
afterAll(() => t.close());

describe('messages: who may write to whom', () => {
  it('a dispatcher writes to his driver: stored as typed, answered 201 with the message', async () => {
    const response = await send('dispA', 'drvA', '  <b>x</b> & "ghilimele"\nrândul doi  ');
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();
    expect(message).toMatchObject({
      company_id: a.id,
      sender_id: who('dispA').id,
      user_id: who('drvA').id,
      message: '<b>x</b> & "ghilimele"\nrândul doi',
      type: 'chat',
      is_read: false,
      read_at: null,
      delivered_at: null,
    });
    const page = (await get('drvA', `/api/messages/self?interlocutor_id=${who('dispA').id}`)).json<{
      data: Message[];
    }>();
    expect(page.data[0]?.message).toBe('<b>x</b> & "ghilimele"\nrândul doi');
  });

  it('refuses an empty or blank message on `message` (422)', async () => {
    for (const message of ['', '   \n ']) {
      const response = await send('dispA', 'drvA', message);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.message).toEqual([
        'Mesajul nu poate fi gol.',
      ]);
    }
  });

  it('answers 404 for an unknown, foreign or disabled recipient, and for oneself', async () => {
    const unknown = await post('dispA', '/api/messages/to-user', {
      user_id: 2_000_000_000,
      message: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await send('dispA', 'drvB', 'x')).statusCode).toBe(404);
    expect((await send('dispA', 'gone', 'x')).statusCode).toBe(404);
    expect((await send('dispA', 'dispA', 'x')).statusCode).toBe(404);
    // The platform admin writes in the recipient's company.
    const byAdmin = await send('admin', 'drvB', 'Verificare');
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json<Message>().company_id).toBe(b.id);
  });

  it('a driver writes to the console (201) but never to another driver (404)', async () => {
    expect((await send('drvA', 'drvA2', 'salut')).statusCode).toBe(404);
    expect((await send('drvA', 'clientA', 'salut')).statusCode).toBe(404);
    const toDispatch = await send('drvA', 'dispA', 'Am ajuns');
    expect(toDispatch.statusCode).toBe(201);
    expect(toDispatch.json<Message>().company_id).toBe(a.id);
  });

  it('a client writes to the console, not to drivers', async () => {
    expect((await send('clientA', 'dispA2', 'Unde e mașina?')).statusCode).toBe(201);
    expect((await send('clientA', 'drvA', 'Unde ești?')).statusCode).toBe(404);
  });

  it("refuses a protocol client's messages to all (403) and to the fleet (404)", async () => {
    for (const url of ['/api/messages/to-all-drivers', '/api/messages/to-all-clients']) {
      const response = await post('protocol', url, { message: 'Toți' });
      expect(response.statusCode).toBe(403);
    }
    expect((await send('protocol', 'dispA', 'x')).statusCode).toBe(404);
    expect((await send('dispA', 'protocol', 'x')).statusCode).toBe(404);
  });

  it('names an order only of the company (404 for another company’s)', async () => {
    const ownOrder = await t.postOrder(who('dispA').headers);
    const foreignOrder = await t.postOrder(who('dispB').headers);
    const foreign = await send('dispA', 'drvA', 'Comanda', { order_id: foreignOrder.id });
    expect(foreign.statusCode).toBe(404);
    const own = await send('dispA', 'drvA', 'Comanda', { order_id: ownOrder.id });
    expect(own.statusCode).toBe(201);
    expect(own.json<Message>().order_id).toBe(ownOrder.id);
  });

  it('asks a caller of two companies which one when the recipient shares both (422 company_id)', async () => {
    const ambiguous = await send('dispAB', 'drvAB', 'Salut');
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(
      'company_id',
    );
    const named = await send('dispAB', 'drvAB', 'Salut', { company_id: b.id });
    expect(named.statusCode).toBe(201);
    expect(named.json<Message>().company_id).toBe(b.id);
    // A recipient of one shared company implies it.
    expect((await send('dispAB', 'drvA', 'Salut')).json<Message>().company_id).toBe(a.id);
  });
});

describe('messages: reading', () => {
  it('pages a conversation newest first, by page and by before_id, with has_more', async () => {
    const sender = await person('pager', { roles: ['dispatcher'], companyIds: [a.id] });
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await send('pager', 'drvA2', `m${i}`)).json<Message>().id);
    const base = `/api/messages/self?interlocutor_id=${who('drvA2').id}&per_page=2`;
    const read = async (from: string, url: string) =>
      (await get(from, url)).json<{ data: Message[]; has_more: boolean }>();
    const first = await read('pager', base);
    expect(first.data.map((m) => m.message)).toEqual(['m5', 'm4']);
    expect(first.has_more).toBe(true);
    expect((await read('pager', `${base}&page=3`)).data.map((m) => m.message)).toEqual(['m1']);
    expect((await read('pager', `${base}&page=3`)).has_more).toBe(false);
    const before = await read('pager', `${base}&before_id=${ids[2]}`);
    expect(before.data.map((m) => m.message)).toEqual(['m2', 'm1']);
    expect(before.has_more).toBe(false);
    // The driver reads the same conversation from his side (receiver_id: the old name).
    const driverSide = await read('drvA2', `/api/messages/self?receiver_id=${sender.id}`);
    expect(driverSide.data.map((m) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    // Reading it delivered them to him.
    expect(driverSide.data.every((m) => m.delivered_at !== null && m.read_at === null)).toBe(true);
  });

  it('counts unread messages, and reading on another device lowers the first device’s count', async () => {
    const reader = await person('reader', { roles: ['driver'], companyIds: [a.id] });
    const before = await unread('reader');
    expect(before).toBe(0);
    await send('dispA', 'reader', 'unu');
    await send('dispA', 'reader', 'doi');
    await send('dispA2', 'reader', 'trei');
    expect(await unread('reader')).toBe(3);
    // A second session of the same driver reads dispA's conversation.
    const { token } = await t.app.auth.issueSession(reader.id, {
      ttlSeconds: 3600,
      ip: '127.0.0.1',
      userAgent: 'second device',
    });
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/messages/read',
      headers: { authorization: `Bearer ${token}` },
      payload: { interlocutor_id: who('dispA').id },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ count: 1 });
    expect(await unread('reader')).toBe(1);
    const list = (await get('reader', '/api/messages/self-interlocutors')).json<Conversation[]>();
    const byDispatcher = new Map(list.map((c) => [c.interlocutor_id, c]));
    expect(byDispatcher.get(who('dispA').id)).toMatchObject({ has_unread: false, unread_count: 0 });
    expect(byDispatcher.get(who('dispA2').id)).toMatchObject({
      has_unread: true,
      unread_count: 1,
      last_message: 'trei',
      last_message_mine: false,
      kind: 'dispatch',
    });
  });

  it("lists each company's conversations apart, and never another company's", async () => {
    await send('dispA', 'drvAB', 'din Alfa');
    await send('dispB', 'drvAB', 'din Beta');
    const list = (await get('drvAB', '/api/messages/self-interlocutors')).json<Conversation[]>();
    const withA = [who('dispA').id, who('dispB').id];
    const mine = list.filter((c) => withA.includes(c.interlocutor_id));
    expect(mine.map((c) => [c.company_id, c.last_message])).toEqual([
      [b.id, 'din Beta'],
      [a.id, 'din Alfa'],
    ]);
    const onlyA = (await get('drvAB', `/api/messages/self-interlocutors?company_id=${a.id}`)).json<
      Conversation[]
    >();
    expect(onlyA.map((c) => c.company_id)).toEqual([a.id]);
    const ofB = (await get('dispB', '/api/messages/self-interlocutors')).json<Conversation[]>();
    expect(ofB.every((c) => c.company_id === b.id)).toBe(true);
    expect(JSON.stringify(ofB)).not.toContain('din Alfa');
    // B's dispatcher cannot open A's conversation with the shared driver.
    const page = await get(
      'dispB',
      `/api/messages/self?interlocutor_id=${who('dispA').id}&company_id=${a.id}`,
    );
    expect(page.statusCode).toBe(404);
    const driverList = (await get('drvAB', '/api/messages/self-interlocutors')).json<
      Conversation[]
    >();
    expect(driverList[0]).toMatchObject({ kind: 'dispatch', interlocutor_id: who('dispB').id });
  });

  it('finds recipients the caller may write to, in his company only', async () => {
    await person('Ion Popescu', { roles: ['driver'], companyIds: [a.id], identifier: '777' });
    await person('Ion Străinul', { roles: ['driver'], companyIds: [b.id], identifier: '778' });
    await person('Ion Dispecer', { roles: ['dispatcher'], companyIds: [a.id] });
    await person('Simion Client', { roles: ['client'], companyIds: [a.id], phone: '+40755000111' });
    const search = async (from: string, text: string) =>
      (await get(from, `/api/messages/recipients?search=${encodeURIComponent(text)}`))
        .json<Recipient[]>()
        .map((r) => `${r.name}:${r.kind}`);
    expect(await search('dispA', 'ion')).toEqual([
      'Ion Dispecer:dispatch',
      'Ion Popescu:driver',
      'Simion Client:client',
    ]);
    expect(await search('dispA', '777')).toEqual(['Ion Popescu:driver']);
    expect(await search('dispA', '0755 000 111')).toEqual(['Simion Client:client']);
    // A driver finds only the console.
    expect(await search('drvA', 'ion')).toEqual(['Ion Dispecer:dispatch']);
    expect(await search('dispB', 'ion popescu')).toEqual([]);
    expect(await search('protocol', 'ion')).toEqual([]);
  });
});

describe('messages to all', () => {
  it('writes one broadcast and one copy per driver, skipping the sender, other companies and the disabled', async () => {
    const c = await buildCompany(t.db);
    const other = await buildCompany(t.db);
    const sender = await person('fleetSender', {
      roles: ['dispatcher', 'driver'],
      companyIds: [c.id],
    });
    const d1 = await buildDriver(t.db, c.id);
    const d2 = await buildDriver(t.db, c.id);
    await buildDriver(t.db, c.id, { disabled: true });
    await buildDriver(t.db, other.id);
    const client = await buildUser(t.db, { roles: ['client'], companyIds: [c.id] });
    const response = await post('fleetSender', '/api/messages/to-all-drivers', {
      message: 'Drum închis pe Copou',
    });
    expect(response.statusCode).toBe(201);
    const broadcast = response.json<Broadcast>();
    expect(broadcast).toMatchObject({ company_id: c.id, audience: 'drivers', recipients: 2 });
    const copies = rowsOf<{ user_id: number; type: string; sender_id: number }>(
      await t.db.execute(
        sql`select user_id, type, sender_id from messages where broadcast_id = ${broadcast.id} order by user_id`,
      ),
    );
    expect(copies).toEqual([
      { user_id: d1.id, type: 'drivers', sender_id: sender.id },
      { user_id: d2.id, type: 'drivers', sender_id: sender.id },
    ]);
    const toClients = await post('fleetSender', '/api/messages/to-all-clients', {
      message: 'Ofertă',
    });
    expect(toClients.json<Broadcast>().recipients).toBe(1);
    const clientCopies = rowsOf<{ user_id: number }>(
      await t.db.execute(
        sql`select user_id from messages where broadcast_id = ${toClients.json<Broadcast>().id}`,
      ),
    );
    expect(clientCopies).toEqual([{ user_id: client.id }]);
    // The sender's list is not flooded with one conversation per driver.
    const list = (await get('fleetSender', '/api/messages/self-interlocutors')).json<
      Conversation[]
    >();
    expect(list).toEqual([]);
  });

  it('allows 10 messages to all per company per hour; the 11th answers 429 with the wait', async () => {
    const c = await buildCompany(t.db);
    await person('busy', { roles: ['dispatcher'], companyIds: [c.id] });
    await person('busyColleague', { roles: ['manager'], companyIds: [c.id] });
    for (let i = 0; i < 10; i++) {
      const url = i % 2 ? '/api/messages/to-all-clients' : '/api/messages/to-all-drivers';
      expect(
        (await post(i < 5 ? 'busy' : 'busyColleague', url, { message: `m${i}` })).statusCode,
      ).toBe(201);
    }
    const refused = await post('busy', '/api/messages/to-all-drivers', { message: 'încă unul' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Prea multe mesaje către toți: cel mult 10 pe oră\. Încercați din nou peste (60 de minute|\d+ minute?)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another company is not limited by this one's.
    expect(
      (await post('dispA', '/api/messages/to-all-drivers', { message: 'Alfa' })).statusCode,
    ).toBe(201);
  });
});

describe('messages: idempotency and retention', () => {
  it('a retried send with the same Idempotency-Key answers the same message and writes once', async () => {
    const key = { 'idempotency-key': 'mesaj-retrimis-0001' };
    const first = await send('dispA2', 'drvA2', 'O singură dată', {});
    expect(first.statusCode).toBe(201);
    const once = await post(
      'dispA2',
      '/api/messages/to-user',
      { user_id: who('drvA2').id, message: 'Cheie' },
      key,
    );
    const again = await post(
      'dispA2',
      '/api/messages/to-user',
      { user_id: who('drvA2').id, message: 'Cheie' },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json<Message>()).toEqual(once.json<Message>());
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from messages where message = 'Cheie'`),
    );
    expect(row?.n).toBe(1);
    // A broadcast retried answers the same broadcast.
    const bkey = { 'idempotency-key': 'toti-retrimis-0001' };
    const b1 = await post(
      'dispA2',
      '/api/messages/to-all-clients',
      { message: 'Toți o dată' },
      bkey,
    );
    const b2 = await post(
      'dispA2',
      '/api/messages/to-all-clients',
      { message: 'Toți o dată' },
      bkey,
    );
    expect(b2.json<Broadcast>().id).toBe(b1.json<Broadcast>().id);
    const [broadcasts] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from message_broadcasts where message = 'Toți o dată'`,
      ),
    );
    expect(broadcasts?.n).toBe(1);
  });

  it('prunes messages older than the kept days, and only those', async () => {
    const old = (await send('dispA', 'drvA', 'vechi')).json<Message>();
    const fresh = (await send('dispA', 'drvA', 'nou')).json<Message>();
    await t.db.execute(
      sql`update messages set created_at = created_at - interval '91 days' where id = ${old.id}`,
    );
    expect(await pruneMessages(t.db, 90)).toBe(1);
    const left = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from messages where id in (${old.id}, ${fresh.id})`),
    );
    expect(left).toEqual([{ id: fresh.id }]);
  });
});
