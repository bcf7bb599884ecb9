import {
  CALL_TAKEN,
  CLIENT_FINISHED_CALL,
  DISPATCHER_FINISHED_CALL,
  SIP_MESSAGES,
  SOFTPHONE_LINES,
} from '@common/calls/calls.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import {
  acceptedOrder,
  fakeSoftphone,
  recordingNotices,
  SETTINGS,
} from '../testing/softphone-fixture';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Server answers of a working call centre; `accept` numbers orders 100, 101… */
function callCentre(overrides: Record<string, (request: StubRequest) => Response> = {}) {
  let nextOrder = 100;
  return stubFetch({
    'GET /api/calls/sip-settings': () => json(200, SETTINGS),
    'POST /api/calls/accept': (request) => {
      const body = request.body as { phone_number: string; sip_caller_id: string };
      return json(200, acceptedOrder(nextOrder++, body.phone_number, body.sip_caller_id));
    },
    'PATCH /api/calls/cancel': (request) => {
      const body = request.body as { phone_number: string; sip_caller_id: string };
      return json(200, acceptedOrder(1, body.phone_number, body.sip_caller_id));
    },
    ...overrides,
  });
}

async function registeredPhone(notices = recordingNotices()) {
  const setup = fakeSoftphone(notices.notices);
  setup.start();
  await vi.waitFor(() => expect(setup.uas).toHaveLength(1));
  setup.ua().registered();
  expect(setup.phone.getSnapshot().status).toBe('registered');
  return { ...setup, log: notices.log };
}

describe('softphone start (docs/CALLS.md credentials)', () => {
  it('registers a UA with the ephemeral credential of GET /api/calls/sip-settings', async () => {
    callCentre();
    const { phone, ua } = await registeredPhone();
    expect(ua().started).toBe(1);
    expect(phone.getSnapshot()).toMatchObject({ status: 'registered', lines: [] });
    phone.stop();
    expect(ua().stopped).toBe(1);
    expect(phone.getSnapshot().status).toBe('off');
  });

  it('shows the alert when calls are not available, and starts no UA', async () => {
    stubFetch({
      'GET /api/calls/sip-settings': () =>
        json(200, { available: false, message: SIP_MESSAGES.noUrl }),
    });
    const notices = recordingNotices();
    const { phone, uas, start } = fakeSoftphone(notices.notices);
    start();
    await vi.waitFor(() => expect(phone.getSnapshot().status).toBe('unavailable'));
    expect(phone.getSnapshot().message).toBe(SIP_MESSAGES.noUrl);
    expect(notices.log).toEqual([{ kind: 'unavailable', text: SIP_MESSAGES.noUrl }]);
    expect(uas).toHaveLength(0);
  });
});

describe('lines', () => {
  it('rings up to 15 calls and refuses the 16th with 486', async () => {
    callCentre();
    const { phone, ua } = await registeredPhone();
    const sessions = Array.from({ length: SOFTPHONE_LINES }, (_, i) =>
      ua().ring(`call-${i}`, `+4072211100${String(i).padStart(2, '0')}`),
    );
    expect(phone.getSnapshot().lines).toHaveLength(15);
    expect(sessions.every((s) => s.terminated.length === 0)).toBe(true);

    const sixteenth = ua().ring('call-16', '+40722111999');
    expect(sixteenth.terminated).toEqual([{ status_code: 486 }]);
    expect(phone.getSnapshot().lines.map((l) => l.id)).not.toContain('call-16');
    expect(phone.getSnapshot().events[0]).toMatchObject({ kind: 'busy', phone: '+40722111999' });

    // A caller who gives up frees the line; nothing is sent to the server (the PBX reports it).
    sessions[0]?.failRemote('Canceled');
    expect(phone.getSnapshot().lines).toHaveLength(14);
  });
});

describe('answering (docs/CALLS.md: the server first, then SIP)', () => {
  it('accepts on the server, answers with audio, holds the other call and opens the order', async () => {
    const api = callCentre();
    const { phone, ua, opened } = await registeredPhone();
    const first = ua().ring('call-a', '+40722111001', 'Client A');
    await phone.answer('call-a');
    expect(api.calls('POST /api/calls/accept')[0]?.body).toEqual({
      phone_number: '+40722111001',
      sip_caller_id: 'call-a',
    });
    expect(first.answered[0]).toMatchObject({
      mediaConstraints: { audio: true, video: false },
      pcConfig: { iceServers: [] },
    });
    expect(phone.getSnapshot().lines[0]).toMatchObject({ state: 'active', orderId: 100 });
    expect(opened.map((o) => o.id)).toEqual([100]);

    const second = ua().ring('call-b', '+40722111002');
    await phone.answerFirst();
    // The other confirmed call is put on hold (SIP; the server did it in accept).
    expect(first.holds).toBe(1);
    expect(second.answered).toHaveLength(1);
    expect(phone.getSnapshot().lines.map((l) => [l.id, l.state, l.orderId])).toEqual([
      ['call-a', 'held', 100],
      ['call-b', 'active', 101],
    ]);
  });

  it('drops a call another operator took (409) and says so', async () => {
    callCentre({
      'POST /api/calls/accept': () => json(409, { message: CALL_TAKEN, code: 'conflict' }),
    });
    const { phone, ua, opened, log } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    expect(session.terminated).toEqual([{ status_code: 486 }]);
    expect(session.answered).toHaveLength(0);
    expect(phone.getSnapshot().lines).toHaveLength(0);
    expect(opened).toHaveLength(0);
    expect(log).toContainEqual({ kind: 'error', text: CALL_TAKEN });
  });

  it('drops a ringing call when client_call_accepted names it', async () => {
    callCentre();
    const { phone, ua } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    phone.callAcceptedElsewhere({
      sip_caller_id: 'call-a',
      phone: '+40722111001',
      order_id: 5,
      dispatcher_id: 8,
    });
    expect(session.terminated).toEqual([{ status_code: 486 }]);
    expect(phone.getSnapshot().lines).toHaveLength(0);
    expect(phone.getSnapshot().events[0]).toMatchObject({
      kind: 'elsewhere',
      text: 'Preluat de alt operator.',
    });
  });
});

describe('hold and hang-ups', () => {
  it('holds and resumes on the SIP side and the server', async () => {
    const api = callCentre({
      'PATCH /api/calls/hold/100': () => json(200, acceptedOrder(100, '+40722111001', 'call-a')),
      'PATCH /api/calls/unhold/100': () => json(200, acceptedOrder(100, '+40722111001', 'call-a')),
    });
    const { phone, ua, opened } = await registeredPhone();
    const first = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    const second = ua().ring('call-b', '+40722111002');
    await phone.answer('call-b');

    // F1 on the held first call: it resumes, the active second one is held.
    await phone.toggleHold('call-a');
    expect(first.unholds).toBe(1);
    expect(second.holds).toBe(1);
    expect(api.calls('PATCH /api/calls/unhold/100')).toHaveLength(1);
    expect(opened.at(-1)?.id).toBe(100);
    // F1 again: on hold.
    await phone.toggleHold('call-a');
    expect(first.holds).toBe(2);
    expect(api.calls('PATCH /api/calls/hold/100')).toHaveLength(1);
    expect(phone.getSnapshot().lines.map((l) => l.state)).toEqual(['held', 'held']);
  });

  it("cancels with 'Client finished call' and says so when the client hangs up", async () => {
    const api = callCentre();
    const { phone, ua, log } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    session.hangUpRemote();
    expect(phone.getSnapshot().lines).toHaveLength(0);
    expect(log).toContainEqual({ kind: 'clientHungUp', text: '' });
    await vi.waitFor(() => expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(1));
    expect(api.calls('PATCH /api/calls/cancel')[0]?.body).toEqual({
      phone_number: '+40722111001',
      reason_type: 'call_ended',
      reason_text: CLIENT_FINISHED_CALL,
      sip_caller_id: 'call-a',
    });
  });

  it("ends the call with 'Dispatcher finished call' (Esc)", async () => {
    const api = callCentre();
    const { phone, ua, log } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    phone.hangUp('call-a');
    expect(session.terminated).toHaveLength(1);
    expect(phone.getSnapshot().lines).toHaveLength(0);
    await vi.waitFor(() => expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(1));
    expect(api.calls('PATCH /api/calls/cancel')[0]?.body).toMatchObject({
      reason_text: DISPATCHER_FINISHED_CALL,
    });
    expect(log.some((entry) => entry.kind === 'clientHungUp')).toBe(false);
  });

  it('cancels the new order when the client hangs up while it is being created', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = callCentre({
      'POST /api/calls/accept': () => json(200, acceptedOrder(100, '+40722111001', 'call-a')),
    });
    const fetchMock = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/accept')) await gate;
      return fetchMock ? fetchMock(input, init) : json(500, {});
    });
    const { phone, ua, opened } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    const answering = phone.answer('call-a');
    session.failRemote('Canceled');
    release();
    await answering;
    expect(session.answered).toHaveLength(0);
    expect(opened).toHaveLength(0);
    await vi.waitFor(() => expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(1));
    expect(api.calls('PATCH /api/calls/cancel')[0]?.body).toMatchObject({
      reason_text: CLIENT_FINISHED_CALL,
    });
  });

  it('retries a cancel whose answer was lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let attempts = 0;
    const api = callCentre({
      'PATCH /api/calls/cancel': () => {
        attempts += 1;
        return attempts < 3
          ? json(502, { message: 'bad gateway', code: 'internal' })
          : json(200, acceptedOrder(100, '+40722111001', 'call-a'));
      },
    });
    const { phone, ua, log } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    session.hangUpRemote();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(3);
    expect(log.some((entry) => entry.kind === 'error')).toBe(false);
  });
});

describe('registration (the issue: re-registration without a reload)', () => {
  it("shows 'SIP is disabled', retries with a fresh credential on the same UA, and clears", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let password = 0;
    const api = stubFetch({
      'GET /api/calls/sip-settings': () => {
        password += 1;
        return json(200, { ...SETTINGS, password: `secret-${password}` });
      },
    });
    const { phone, ua, uas, log } = await registeredPhone();
    ua().failRegistration(401, 'Authentication Error');
    expect(phone.getSnapshot().status).toBe('failed');
    expect(log.at(-1)).toEqual({
      kind: 'sipDisabled',
      text: 'credentials 401 Authentication Error',
    });

    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.calls('GET /api/calls/sip-settings')).toHaveLength(2);
    expect(uas).toHaveLength(1);
    expect(ua().credentials.password).toBe('secret-2');
    expect(ua().registers).toBe(1);

    ua().registered();
    expect(phone.getSnapshot().status).toBe('registered');
    expect(log.at(-1)).toEqual({ kind: 'sipEnabled', text: '' });
  });

  it('fetches a fresh credential when the network drops, for JsSIP’s own re-registration', async () => {
    const api = callCentre();
    const { phone, ua, log } = await registeredPhone();
    ua().disconnect();
    expect(phone.getSnapshot().status).toBe('failed');
    expect(log.at(-1)?.kind).toBe('sipDisabled');
    await vi.waitFor(() => expect(api.calls('GET /api/calls/sip-settings')).toHaveLength(2));
    ua().registered();
    expect(phone.getSnapshot().status).toBe('registered');
  });

  it('renews the credential before it expires, without a new UA', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2030-01-01T09:00:00Z'));
    let password = 0;
    stubFetch({
      'GET /api/calls/sip-settings': () => {
        password += 1;
        return json(200, { ...SETTINGS, password: `secret-${password}` });
      },
    });
    const { ua, uas } = await registeredPhone();
    // SETTINGS expire at 10:00: renewed 5 minutes before.
    await vi.advanceTimersByTimeAsync(54 * 60_000);
    expect(ua().credentials.password).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ua().credentials.password).toBe('secret-2');
    expect(uas).toHaveLength(1);
  });

  it('keeps the old UA for its live call when the account changes, then swaps', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let websocket = SETTINGS.available ? SETTINGS.websocket : '';
    callCentre({
      'GET /api/calls/sip-settings': () => json(200, { ...SETTINGS, websocket }),
    });
    const { phone, ua, uas } = await registeredPhone();
    const session = ua().ring('call-a', '+40722111001');
    await phone.answer('call-a');
    websocket = 'ws://127.0.0.1:9099';
    ua().failRegistration(null, 'Connection Error');
    expect(phone.getSnapshot().status).toBe('failed');
    // The retry (after 2 s) reads the new server but the call is live: same UA.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(uas).toHaveLength(1);
    session.hangUpRemote();
    await vi.waitFor(() => expect(uas).toHaveLength(2));
    expect(uas[0]?.stopped).toBe(1);
  });
});

describe('callbacks (docs/CALLS.md Missed calls)', () => {
  it('calls the number back, marks it handled, and opens an order when answered', async () => {
    const api = callCentre({
      'PATCH /api/calls/missed/9/handled': () => json(200, {}),
    });
    const { phone, ua, opened } = await registeredPhone();
    const placed = phone.callBack({
      id: 9,
      phone: '+40722111555',
      sip_caller_id: 'gone',
      code: 487,
      client_name: 'Ion',
      created_at: '2030-01-01 08:00:00',
      handled_at: null,
      handled_by: null,
    });
    expect(placed).toBe(true);
    expect(ua().outgoing[0]?.target).toBe('sip:+40722111555@pbx.test');
    expect(phone.getSnapshot().lines[0]).toMatchObject({ state: 'dialing', id: 'out-1' });
    await vi.waitFor(() => expect(api.calls('PATCH /api/calls/missed/9/handled')).toHaveLength(1));

    ua().outgoing[0]?.session.confirm();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(api.calls('POST /api/calls/accept')[0]?.body).toEqual({
      phone_number: '+40722111555',
      sip_caller_id: 'out-1',
    });
    expect(phone.getSnapshot().lines[0]).toMatchObject({ state: 'active', orderId: 100 });
  });
});

describe('dispatcher events (Shell)', () => {
  it('logs missed calls, a burst as one line, and not a callback that lowers the count', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    callCentre();
    const { phone } = await registeredPhone();
    const missed = () => phone.getSnapshot().events.filter((e) => e.kind === 'missed');
    phone.missedCallsChanged({ company_id: 1, unhandled: 1 });
    phone.missedCallsChanged({ company_id: 1, unhandled: 2 });
    expect(missed().map((e) => e.text)).toEqual(['Apeluri pierdute nepreluate: 2.']);
    phone.missedCallsChanged({ company_id: 1, unhandled: 1 });
    expect(missed()).toHaveLength(1);
    vi.advanceTimersByTime(61_000);
    phone.missedCallsChanged({ company_id: 1, unhandled: 2 });
    expect(missed().map((e) => e.text)).toEqual([
      'Apeluri pierdute nepreluate: 2.',
      'Apeluri pierdute nepreluate: 2.',
    ]);
  });
});
