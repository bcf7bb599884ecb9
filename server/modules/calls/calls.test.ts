import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  CALL_GONE,
  CALL_TAKEN,
  type CallerInfo,
  CLIENT_FINISHED_CALL,
  DISPATCHER_FINISHED_CALL,
  type MissedCall,
  NO_LIVE_CALL,
  SIP_MESSAGES,
  type SipSettings,
} from '@common/calls/calls.schema';
import type { Order } from '@common/orders/orders.schema';
import type { ClientCallAcceptedPayload } from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, TEST_SIP_SECRET, type TestApp } from '../../test/harness';
import { pbxHookToken } from './sip-secrets';

type Headers = { authorization: string; token: string };

let t: TestApp;
let companyId: number;
let elena: Headers;
let andrei: Headers;
let foreign: Headers;
let driver: Headers;
let elenaId: number;
let url: string;
const logLines: string[] = [];
const sockets: Socket[] = [];
let sequence = 0;

/** A fresh SIP Call-ID per test call (what JsSIP makes: random@host). */
const callId = () => `t${Date.now()}-${++sequence}@127.0.0.1`;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const company = await buildCompany(t.db);
  companyId = company.id;
  const other = await buildCompany(t.db);
  const elenaUser = await buildUser(t.db, {
    name: 'Elena',
    roles: ['dispatcher'],
    companyIds: [company.id],
    meta: { sip_extension: '101', sip_password: 'not-for-the-browser-meta' },
  });
  elenaId = elenaUser.id;
  elena = await t.login(elenaUser);
  andrei = await t.login(
    await buildUser(t.db, {
      roles: ['dispatcher'],
      companyIds: [company.id],
      meta: { sip_extension: '102' },
    }),
  );
  foreign = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other.id] }));
  driver = await t.login(await buildDriver(t.db, company.id));
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function call<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  headers: Headers | Record<string, string>,
  payload?: unknown,
) {
  const response = await t.app.inject({ method, url: path, headers, payload: payload as object });
  return { status: response.statusCode, body: response.json<T>() };
}

const accept = (headers: Headers, phone: string, sip_caller_id = callId()) =>
  call<Order>('POST', '/api/calls/accept', headers, { phone_number: phone, sip_caller_id });

/** The PBX's hooks (pbx/kamailio.cfg), with the token it derives from the secret. */
const fromPbx = (hook: string, payload: object, token = pbxHookToken(TEST_SIP_SECRET)) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pbx/${hook}`,
    headers: { 'x-pbx-token': token },
    payload,
  });

const order = async (id: number) => (await call<Order>('GET', `/api/orders/${id}`, elena)).body;

describe('POST /api/calls/accept', () => {
  it('makes the call an order, prefilled from the client history, started now', async () => {
    await t.postOrder(elena, {
      phone: '0744 111 222',
      client_name: 'Ana Pop',
      places: [{ name: 'Strada Lungă 1', lat: 47.16, long: 27.58 }],
    });
    const sipId = callId();
    const { status, body } = await accept(elena, '0744 111 222', sipId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: 'new',
      phone: '+40744111222',
      client_name: 'Ana Pop',
      dispatcher_id: elenaId,
      call_playback_state: 'sendrecv',
      call_need_interaction: false,
    });
    expect(body.call).toMatchObject({
      phone: '+40744111222',
      state: 'started',
      ended_at: null,
      sip_caller_id: sipId,
    });
    expect(body.call?.started_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.places.map((place) => place.name)).toEqual(['Strada Lungă 1']);
    // The in-call tab ('In apel') lists it.
    const tab = await call<{ data: Order[] }>('GET', '/api/dispatcher-orders/in-call', elena);
    expect(tab.body.data.map((o) => o.id)).toContain(body.id);
  });

  it('answers a retry with the same order and refuses another dispatcher (one order per call)', async () => {
    const sipId = callId();
    const first = await accept(elena, '0744 222 333', sipId);
    const retry = await accept(elena, '0744 222 333', sipId);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    const taken = await accept(andrei, '0744 222 333', sipId);
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain(CALL_TAKEN);
  });

  it('gives a call raced by two operators to exactly one of them', async () => {
    for (let round = 0; round < 10; round += 1) {
      const sipId = callId();
      const answers = await Promise.all([
        accept(elena, '0744 333 444', sipId),
        accept(andrei, '0744 333 444', sipId),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    }
    // Ten calls, ten orders: the losers created nothing.
    const tab = await call<{ data: Order[] }>(
      'GET',
      '/api/dispatcher-orders/in-call?search=',
      elena,
    );
    const raced = tab.body.data.filter((o) => o.phone === '+40744333444');
    expect(raced).toHaveLength(10);
  });

  it('puts the dispatcher’s other live call on hold', async () => {
    const a = (await accept(elena, '0744 444 001')).body;
    const b = (await accept(elena, '0744 444 002')).body;
    expect((await order(a.id)).call?.state).toBe('on_hold');
    expect(await order(a.id)).toMatchObject({
      call_playback_state: 'sendonly',
      call_need_interaction: true,
    });
    expect(b.call?.state).toBe('started');
    // F1 on the held line: it resumes and the other goes on hold.
    const resumed = await call<Order>('PATCH', `/api/calls/unhold/${a.id}`, elena);
    expect(resumed.status).toBe(200);
    expect(resumed.body.call?.state).toBe('started');
    expect((await order(b.id)).call?.state).toBe('on_hold');
    // Holding twice is one hold; another dispatcher cannot touch it; another company sees nothing.
    expect((await call<Order>('PATCH', `/api/calls/hold/${a.id}`, elena)).body.call?.state).toBe(
      'on_hold',
    );
    expect((await call<Order>('PATCH', `/api/calls/hold/${a.id}`, elena)).status).toBe(200);
    const others = await call<unknown>('PATCH', `/api/calls/unhold/${a.id}`, andrei);
    expect(others.status).toBe(409);
    expect(JSON.stringify(others.body)).toContain(NO_LIVE_CALL);
    expect((await call<unknown>('PATCH', `/api/calls/unhold/${a.id}`, foreign)).status).toBe(404);
  });

  it('refuses bad input field by field, and callers who are not operators', async () => {
    const bad = await call<{ errors: Record<string, string[]> }>(
      'POST',
      '/api/calls/accept',
      elena,
      { phone_number: ' ', sip_caller_id: 'has space' },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['phone_number', 'sip_caller_id']);
    expect((await accept(driver, '0744 555 000')).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/calls/accept',
      payload: { phone_number: '0744 555 000', sip_caller_id: callId() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a hidden caller too: the order waits for the number the client dictates', async () => {
    const sipId = callId();
    const hidden = await accept(elena, 'anonymous', sipId);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ state: 'new', phone: '', client_id: null });
    expect(hidden.body.call).toMatchObject({ phone: 'anonymous', state: 'started' });
    const ended = await call<Order>('PATCH', '/api/calls/cancel/', elena, {
      phone_number: 'anonymous',
      sip_caller_id: sipId,
    });
    expect(ended.body).toMatchObject({ id: hidden.body.id, state: 'canceled' });
  });

  it('tells the company’s dispatchers with client_call_accepted', async () => {
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: andrei.token },
    });
    sockets.push(socket);
    const seen: ClientCallAcceptedPayload[] = [];
    socket.on('client_call_accepted', (payload) => seen.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const sipId = callId();
    const accepted = (await accept(elena, '0744 666 777', sipId)).body;
    const end = Date.now() + 3000;
    while (seen.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([
      {
        sip_caller_id: sipId,
        phone: '+40744666777',
        order_id: accepted.id,
        dispatcher_id: elenaId,
      },
    ]);
  });
});

describe('PATCH /api/calls/cancel (who hung up)', () => {
  it('cancels a draft with call_ended when the client hangs up', async () => {
    const sipId = callId();
    const draft = (await accept(elena, '0744 777 001', sipId)).body;
    const { status, body } = await call<Order>('PATCH', '/api/calls/cancel', elena, {
      phone_number: '0744 777 001',
      reason_type: 'call_ended',
      reason_text: CLIENT_FINISHED_CALL,
      sip_caller_id: sipId,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: draft.id,
      state: 'canceled',
      cancellation_reason_type: 'call_ended',
      cancellation_reason_text: CLIENT_FINISHED_CALL,
      call_playback_state: 'inactive',
    });
    expect(body.call?.state).toBe('ended');
    expect(body.call?.ended_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Ended once: a second hang-up finds no live call.
    const again = await call<unknown>('PATCH', '/api/calls/cancel', elena, {
      phone_number: '0744 777 001',
      reason_type: 'call_ended',
      reason_text: CLIENT_FINISHED_CALL,
    });
    expect(again.status).toBe(409);
  });

  it('ends the call of a placed order without canceling it, and never a driver’s trip', async () => {
    const placed = (await accept(elena, '0744 777 002')).body;
    const placing = await call<Order>('PATCH', `/api/orders/${placed.id}`, elena, {
      place: true,
      client_name: 'Ion',
      places: [{ name: 'Piața Unirii 1', lat: 47.16, long: 27.58 }],
    });
    expect(placing.status).toBe(200);
    const queued = await call<Order>('PATCH', `/api/orders/${placed.id}/move-to-pending`, elena);
    expect(queued.body).toMatchObject({ state: 'created', in_pending_queue: true });
    const ended = await call<Order>('PATCH', '/api/calls/cancel/', elena, {
      phone_number: '+40744777002',
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ state: 'created', in_pending_queue: true });
    expect(ended.body.cancellation_reason_type).toBeNull();
    expect(ended.body.call?.state).toBe('ended');

    // An order with its driver (manually assigned after a cancel): the call ends, the
    // driver stays.
    const withDriver = (await accept(elena, '0744 777 003')).body;
    await call<Order>('PATCH', `/api/orders/${withDriver.id}`, elena, {
      place: true,
      client_name: 'Dan',
      places: [{ name: 'Piața Unirii 2', lat: 47.16, long: 27.58 }],
    });
    expect(
      (await call<Order>('PATCH', `/api/orders/${withDriver.id}/cancel`, elena, {})).status,
    ).toBe(200);
    const car = await buildDriver(t.db, companyId);
    const assigned = await call<Order>(
      'PATCH',
      `/api/orders/${withDriver.id}/set-driver-and-finish`,
      elena,
      { driverId: car.id },
    );
    expect(assigned.status).toBe(200);
    const hungUp = await call<Order>('PATCH', '/api/calls/cancel', elena, {
      phone_number: '0744 777 003',
      reason_type: 'call_ended',
      reason_text: DISPATCHER_FINISHED_CALL,
    });
    expect(hungUp.status).toBe(200);
    expect(hungUp.body).toMatchObject({ state: 'finished', driver_id: car.id });
    expect(hungUp.body.call?.state).toBe('ended');
  });

  it('logs a refused cancel with its context and without the full number', async () => {
    const refused = await call<unknown>('PATCH', '/api/calls/cancel', elena, {
      phone_number: '0799 123 987',
      reason_type: 'call_ended',
      reason_text: CLIENT_FINISHED_CALL,
    });
    expect(refused.status).toBe(409);
    const line = logLines.find((l) => l.includes('call cancel refused') && l.includes('+40…87'));
    expect(line).toBeDefined();
    expect(line).toContain(`"dispatcher_id":${elenaId}`);
    expect(line).not.toContain('799123987');
  });

  it('refuses a reason the spec does not have', async () => {
    const bad = await call<{ errors: Record<string, string[]> }>(
      'PATCH',
      '/api/calls/cancel',
      elena,
      { phone_number: '0744 777 004', reason_type: 'driver_canceled', reason_text: 'x' },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['reason_text', 'reason_type']);
  });
});

describe('GET /api/calls/caller (who is calling, before answering)', () => {
  it('shows the client’s name, last address, past orders and blocked state', async () => {
    await t.postOrder(elena, {
      phone: '0744 888 001',
      client_name: 'Mara',
      places: [{ name: 'Bulevardul Independenței 5', lat: 47.16, long: 27.58 }],
    });
    await call('POST', '/api/blocked-phone', elena, { phone: '0744 888 001', reason: 'Glume' });
    const { body } = await call<CallerInfo>('GET', '/api/calls/caller?phone=0744888001', elena);
    expect(body).toMatchObject({
      phone: '+40744888001',
      name: 'Mara',
      last_address: 'Bulevardul Independenței 5',
      orders_count: 1,
      blocked: true,
      blocked_reason: 'Glume',
    });
    // Another company's dispatcher learns nothing about this client.
    const theirs = await call<CallerInfo>('GET', '/api/calls/caller?phone=0744888001', foreign);
    expect(theirs.body).toMatchObject({ client_id: null, name: null, orders_count: 0 });
    const unknown = await call<CallerInfo>('GET', '/api/calls/caller?phone=anonymous', elena);
    expect(unknown.body).toMatchObject({ phone: 'anonymous', client_id: null, blocked: false });
  });
});

describe('GET /api/calls/sip-settings (short-lived credentials)', () => {
  it('issues an auth_ephemeral credential for the operator’s address', async () => {
    const { body } = await call<SipSettings>('GET', '/api/calls/sip-settings', andrei);
    if (!body.available) throw new Error(body.message);
    expect(body.uri).toBe(`sip:c${companyId}-102@127.0.0.1`);
    expect(body.websocket).toBe('ws://127.0.0.1:8088');
    expect(body.line).toBe(`c${companyId}`);
    const [expiry, user] = body.authorization_user.split(':');
    expect(user).toBe(`c${companyId}-102`);
    expect(Number(expiry) * 1000).toBeGreaterThan(Date.now());
    expect(body.password).toBe(
      createHmac('sha1', TEST_SIP_SECRET).update(body.authorization_user).digest('base64'),
    );
  });

  it('says what is missing with its message', async () => {
    const bare = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] }),
    );
    expect((await call<SipSettings>('GET', '/api/calls/sip-settings', bare)).body).toEqual({
      available: false,
      message: SIP_MESSAGES.noMeta,
    });
    const noExtension = await t.login(
      await buildUser(t.db, {
        roles: ['dispatcher'],
        companyIds: [companyId],
        meta: { sip_websocket: 'wss://pbx.example/ws' },
      }),
    );
    expect((await call<SipSettings>('GET', '/api/calls/sip-settings', noExtension)).body).toEqual({
      available: false,
      message: SIP_MESSAGES.noUrl,
    });
  });

  it('never sends a static SIP password back as meta', async () => {
    const user = await call<{ meta: { key: string }[] }>('GET', '/api/verify-access-tokens', elena);
    expect(user.body.meta.map((m) => m.key)).toEqual(['sip_extension']);
    const meta = await call<{ key: string }[]>('GET', `/api/users/${elenaId}/meta`, elena);
    expect(meta.body.map((m) => m.key)).toEqual(['sip_extension']);
    // Her settings carry it to her softphone only (a PBX without ephemeral credentials).
    const settings = (await call<SipSettings>('GET', '/api/calls/sip-settings', elena)).body;
    expect(settings).toMatchObject({
      available: true,
      authorization_user: `c${companyId}-101`,
      password: 'not-for-the-browser-meta',
    });
  });
});

describe('missed calls (the PBX hook and the console list)', () => {
  const hook = (payload: object, token?: string) => fromPbx('missed-calls', payload, token);

  it('keeps a call nobody answered once, lists it with the client, and marks it called back', async () => {
    await t.postOrder(elena, { phone: '0744 999 001', client_name: 'Radu' });
    const sipId = callId();
    const missed = { sip_call_id: sipId, from: '0744999001', to: `c${companyId}`, code: 487 };
    expect((await hook(missed)).statusCode).toBe(204);
    expect((await hook(missed)).statusCode).toBe(204);
    const list = await call<MissedCall[]>('GET', '/api/calls/missed', elena);
    const mine = list.body.filter((m) => m.sip_caller_id === sipId);
    expect(mine).toEqual([
      expect.objectContaining({
        phone: '+40744999001',
        code: 487,
        client_name: 'Radu',
        handled_at: null,
      }),
    ]);
    // Another company neither sees nor handles it.
    expect((await call<MissedCall[]>('GET', '/api/calls/missed', foreign)).body).toEqual([]);
    const id = mine[0]?.id;
    expect((await call('PATCH', `/api/calls/missed/${id}/handled`, foreign)).status).toBe(404);
    const handled = await call<MissedCall>('PATCH', `/api/calls/missed/${id}/handled`, andrei);
    expect(handled.status).toBe(200);
    expect(handled.body.handled_at).not.toBeNull();
    const again = await call<MissedCall>('PATCH', `/api/calls/missed/${id}/handled`, elena);
    expect(again.body.handled_by).toBe(handled.body.handled_by);
    const after = await call<MissedCall[]>('GET', '/api/calls/missed', elena);
    expect(after.body.some((m) => m.id === id)).toBe(false);
    // The missed call is known: accepting it late is refused clearly.
    const late = await accept(elena, '0744999001', sipId);
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain(CALL_GONE);
  });

  it('refuses the hook without the PBX token, and ignores a line that is no company', async () => {
    const payload = { sip_call_id: callId(), from: '0744999002', to: `c${companyId}`, code: 486 };
    expect((await hook(payload, 'wrong')).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/pbx/missed-calls',
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await hook({ ...payload, to: 'c999999' })).statusCode).toBe(204);
    expect((await hook({ ...payload, to: 'sales' })).statusCode).toBe(204);
    const list = await call<MissedCall[]>('GET', '/api/calls/missed', elena);
    expect(list.body.some((m) => m.sip_caller_id === payload.sip_call_id)).toBe(false);
  });
});

describe('POST /api/pbx/call-ended (the PBX ends a call whose browser is gone)', () => {
  const ended = (payload: object, token?: string) => fromPbx('call-ended', payload, token);

  it('cancels a draft when the client’s BYE passes the PBX; the softphone’s cancel then agrees', async () => {
    const sipId = callId();
    const draft = (await accept(elena, '0744 123 001', sipId)).body;
    const bye = { sip_call_id: sipId, from: '+40744123001', to: `c${companyId}` };
    expect((await ended(bye, 'wrong')).statusCode).toBe(401);
    expect((await ended(bye)).statusCode).toBe(204);
    expect(await order(draft.id)).toMatchObject({
      state: 'canceled',
      cancellation_reason_type: 'call_ended',
      cancellation_reason_text: CLIENT_FINISHED_CALL,
    });
    // The softphone saw the same hang-up: its cancel answers the order, refusing nothing.
    const late = await call<Order>('PATCH', '/api/calls/cancel', elena, {
      phone_number: '0744 123 001',
      reason_type: 'call_ended',
      reason_text: CLIENT_FINISHED_CALL,
      sip_caller_id: sipId,
    });
    expect(late.status).toBe(200);
    expect(late.body.id).toBe(draft.id);
    expect((await ended(bye)).statusCode).toBe(204);
  });

  it('ends the call of a placed order when the operator’s side hangs up, keeping the order', async () => {
    const sipId = callId();
    const placed = (await accept(elena, '0744 123 002', sipId)).body;
    await call<Order>('PATCH', `/api/orders/${placed.id}`, elena, {
      place: true,
      client_name: 'Ilie',
      places: [{ name: 'Strada Mare 3', lat: 47.16, long: 27.58 }],
    });
    // In-dialog, the callee's BYE comes From the line it was called on.
    expect(
      (await ended({ sip_call_id: sipId, from: `c${companyId}`, to: '+40744123002' })).statusCode,
    ).toBe(204);
    const after = await order(placed.id);
    expect(after.call?.state).toBe('ended');
    expect(after.cancellation_reason_type).toBeNull();
    expect(after.state).not.toBe('new');
    // Another company's line cannot end it.
    const other = (await accept(elena, '0744 123 003')).body;
    await ended({
      sip_call_id: other.call?.sip_caller_id ?? '',
      from: 'c999999',
      to: '+40744123003',
    });
    expect((await order(other.id)).call?.state).toBe('started');
  });
});

describe('PATCH /api/users/{id}/telephony (admins set an operator’s extension)', () => {
  it('sets the extension the softphone registers with, unique in the company, never showing a password', async () => {
    const admin = await t.login(
      await buildUser(t.db, { roles: ['admin'], companyIds: [companyId] }),
    );
    const newcomer = await buildUser(t.db, {
      name: 'Ioana',
      roles: ['dispatcher'],
      companyIds: [companyId],
    });
    const path = `/api/users/${newcomer.id}/telephony`;
    expect((await call('PATCH', path, elena, { sip_extension: '105' })).status).toBe(403);
    const taken = await call<{ errors: Record<string, string[]> }>('PATCH', path, admin, {
      sip_extension: '101',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.sip_extension?.[0]).toContain('Elena');
    const bad = await call<{ errors: Record<string, string[]> }>('PATCH', path, admin, {
      sip_extension: '1a',
      sip_websocket: 'http://pbx',
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['sip_extension', 'sip_websocket']);
    const set = await call('PATCH', path, admin, {
      sip_extension: '105',
      sip_password: 'secret-1',
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      sip_extension: '105',
      sip_url: null,
      sip_websocket: null,
      has_password: true,
      address: `sip:c${companyId}-105@127.0.0.1`,
    });
    expect(JSON.stringify((await call('GET', path, admin)).body)).not.toContain('secret-1');
    // Her softphone now registers there.
    const ioana = await t.login(newcomer);
    const settings = (await call<SipSettings>('GET', '/api/calls/sip-settings', ioana)).body;
    expect(settings).toMatchObject({ available: true, uri: `sip:c${companyId}-105@127.0.0.1` });
    // Cleared: back to an ephemeral credential.
    await call('PATCH', path, admin, { sip_password: null });
    expect((await call('GET', path, admin)).body).toMatchObject({ has_password: false });
    // Another PBX's WebSocket only when the server allows it (SIP_WS_ALLOWED): the CSP would
    // refuse any other, and an administrator could send her softphone anywhere.
    const elsewhere = await call<{ errors: Record<string, string[]> }>('PATCH', path, admin, {
      sip_websocket: 'wss://evil.example/ws',
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.sip_websocket?.[0]).toContain('SIP_WS_ALLOWED');
    const ours = await call('PATCH', path, admin, { sip_websocket: 'ws://127.0.0.1:8088/ws' });
    expect(ours.status).toBe(200);
    await call('PATCH', path, admin, { sip_websocket: null });
    // A driver has no softphone to set.
    const car = await buildDriver(t.db, companyId);
    expect(
      (await call('PATCH', `/api/users/${car.id}/telephony`, admin, { sip_extension: '106' }))
        .status,
    ).toBe(409);
  });
});
