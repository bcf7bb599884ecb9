// Runs in Chromium (bundled by e2e/support/pbx.ts): a JsSIP UA as `window.sipPhone`, with the
// options a telephony spike measured: no ICE servers
// (one unreachable STUN server delays every INVITE and 200 by ~40 s), no session timers (their
// refreshes make the signalling non-deterministic). Media need not flow: signalling is tested.
import * as JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { IncomingResponse } from 'jssip/lib/SIPMessage';
import type {
  SipPhone,
  SipPhoneEvent,
  SipPhoneStart,
  SipPhoneStartResult,
} from './sip-phone-types';

const events: SipPhoneEvent[] = [];
const sessions: RTCSession[] = [];
let ua: JsSIP.UA | null = null;
let domain = '';

const pcConfig: RTCConfiguration = { iceServers: [] };
const mediaConstraints: MediaStreamConstraints = { audio: true, video: false };

/** What the progress/accepted/confirmed listeners get (JsSIP types them as a union). */
type CallEvent = { originator: string; response?: unknown };

/** Epoch ms with the page's sub-millisecond clock: pages of one browser share it (bench/calls-ringing). */
const log = (event: Omit<SipPhoneEvent, 'at'>) => {
  events.push({ ...event, at: performance.timeOrigin + performance.now() });
};

/** The status code of a JsSIP event's message, when it is a response. */
const codeOf = (message: unknown): number | undefined => {
  const code = (message as Partial<IncomingResponse> | undefined)?.status_code;
  return typeof code === 'number' ? code : undefined;
};

function sessionAt(index: number): RTCSession {
  const session = sessions[index];
  if (!session) throw new Error(`no session ${index}`);
  return session;
}

function track(session: RTCSession, originator: string, callId: string): number {
  const index = sessions.push(session) - 1;
  log({
    type: 'newRTCSession',
    session: index,
    originator,
    user: session.remote_identity.uri.user,
    callId,
  });
  session.on('progress', (event: CallEvent) =>
    log({
      type: 'progress',
      session: index,
      originator: event.originator,
      code: codeOf(event.response),
    }),
  );
  session.on('accepted', (event: CallEvent) =>
    log({ type: 'accepted', session: index, originator: event.originator }),
  );
  session.on('confirmed', (event: CallEvent) =>
    log({ type: 'confirmed', session: index, originator: event.originator }),
  );
  session.on('ended', (event) =>
    log({ type: 'ended', session: index, originator: event.originator, cause: event.cause }),
  );
  session.on('failed', (event) =>
    log({
      type: 'failed',
      session: index,
      originator: event.originator,
      cause: event.cause,
      code: codeOf(event.message),
    }),
  );
  session.on('hold', (event) =>
    log({ type: 'hold', session: index, originator: event.originator }),
  );
  session.on('unhold', (event) =>
    log({ type: 'unhold', session: index, originator: event.originator }),
  );
  return index;
}

const phone: SipPhone = {
  events,

  start(options: SipPhoneStart): Promise<SipPhoneStartResult> {
    domain = options.domain;
    const register = options.register ?? true;
    const agent = new JsSIP.UA({
      sockets: [new JsSIP.WebSocketInterface(options.wsUrl)],
      uri: `sip:${options.user}@${options.domain}`,
      authorization_user: options.username,
      password: options.password,
      display_name: options.user,
      register,
      register_expires: 300,
      session_timers: false,
      no_answer_timeout: 120,
      connection_recovery_min_interval: 1,
      connection_recovery_max_interval: 5,
    });
    ua = agent;
    agent.on(
      'newRTCSession',
      (event: { originator: string; session: RTCSession; request: { call_id: string } }) => {
        // Outgoing calls come through here too (originator local): call() tracks those.
        if (event.originator === 'remote') track(event.session, 'remote', event.request.call_id);
      },
    );
    return new Promise((resolve) => {
      agent.on('registered', () => {
        log({ type: 'registered' });
        resolve({ registered: true });
      });
      agent.on('unregistered', () => log({ type: 'unregistered' }));
      agent.on('registrationFailed', (event) => {
        const code = codeOf(event.response);
        log({ type: 'registrationFailed', code, cause: event.cause });
        resolve({ registered: false, code, cause: event.cause });
      });
      if (!register) agent.on('connected', () => resolve({ registered: false }));
      agent.start();
    });
  },

  call(toUser: string): number {
    if (!ua) throw new Error('start() first');
    const session = ua.call(`sip:${toUser}@${domain}`, {
      mediaConstraints,
      pcConfig,
      rtcOfferConstraints: { offerToReceiveAudio: true },
    });
    const index = track(session, 'local', '');
    // The INVITE leaves once ICE gathering is done: its Call-ID is known from then on.
    session.on('sending', (event) => {
      const created = events.find((e) => e.type === 'newRTCSession' && e.session === index);
      if (created) created.callId = event.request.call_id;
      log({ type: 'sending', session: index, callId: event.request.call_id });
    });
    return index;
  },

  answer(index: number) {
    sessionAt(index).answer({ mediaConstraints, pcConfig });
  },

  hold(index: number) {
    return new Promise((resolve, reject) => {
      if (!sessionAt(index).hold({}, () => resolve())) reject(new Error('hold refused'));
    });
  },

  unhold(index: number) {
    return new Promise((resolve, reject) => {
      if (!sessionAt(index).unhold({}, () => resolve())) reject(new Error('unhold refused'));
    });
  },

  hangup(index: number, statusCode?: number) {
    const session = sessionAt(index);
    if (session.direction === 'incoming' && !session.isEstablished()) {
      session.terminate({ status_code: statusCode ?? 486 });
    } else {
      session.terminate();
    }
  },

  unregisterAll() {
    const agent = ua;
    if (!agent) return Promise.resolve();
    return new Promise<void>((resolve) => {
      agent.once('unregistered', () => resolve());
      agent.unregister({ all: true });
    });
  },

  async stop() {
    const agent = ua;
    if (!agent) return;
    ua = null;
    // Resolves once the un-REGISTER is answered (the PBX forgot us); JsSIP closes the WebSocket
    // only after its transactions' 5 s timer K, which nobody needs to wait for.
    const registered = agent.isRegistered();
    await new Promise<void>((resolve) => {
      if (registered) {
        agent.on('unregistered', () => resolve());
        agent.on('registrationFailed', () => resolve());
      } else {
        agent.on('disconnected', () => resolve());
      }
      agent.stop();
      setTimeout(resolve, 3000);
    });
  },
};

(window as unknown as { sipPhone: SipPhone }).sipPhone = phone;
