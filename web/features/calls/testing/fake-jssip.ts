import type { JsSipMediaOptions, JsSipSessionLike, JsSipUaLike } from '../engine/jssip-adapter';

/*
 * A small fake of JsSIP's event emitters for unit tests (JsSIP is an external library): the
 * UA and RTCSession events the adapter listens to, with JsSIP's own names and payloads.
 */

type Listener = (event: never) => void;

class Emitter {
  private readonly listeners = new Map<string, Listener[]>();

  on(type: string, listener: Listener): this {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    return this;
  }

  emit(type: string, event: unknown = {}): void {
    for (const listener of this.listeners.get(type) ?? [])
      (listener as (e: unknown) => void)(event);
  }
}

export class FakeSession extends Emitter implements JsSipSessionLike {
  readonly remote_identity: { uri: { user: string }; display_name: string };
  answered: JsSipMediaOptions[] = [];
  terminated: ({ status_code?: number } | undefined)[] = [];
  holds = 0;
  unholds = 0;
  private ended = false;

  constructor(user: string, displayName = '') {
    super();
    this.remote_identity = { uri: { user }, display_name: displayName };
  }

  answer(options: JsSipMediaOptions): void {
    this.answered.push(options);
  }

  /** As JsSIP: a ringing call is refused ('failed'), a live one ends ('ended'), both local. */
  terminate(options?: { status_code?: number }): void {
    this.terminated.push(options);
    const wasAnswered = this.answered.length > 0;
    this.ended = true;
    this.emit(wasAnswered ? 'ended' : 'failed', {
      originator: 'local',
      cause: wasAnswered ? 'Terminated' : 'Rejected',
    });
  }

  hold(): boolean {
    this.holds += 1;
    return true;
  }

  unhold(): boolean {
    this.unholds += 1;
    return true;
  }

  isEnded(): boolean {
    return this.ended;
  }

  /** The ACK of our 200 (incoming) or the callee's 200 (outgoing). */
  confirm(): void {
    this.emit('confirmed');
  }

  /** The client hangs up a live call: BYE from the other side. */
  hangUpRemote(): void {
    this.ended = true;
    this.emit('ended', { originator: 'remote', cause: 'Terminated' });
  }

  /** The caller gives up before an answer (CANCEL), or the callee refuses a callback. */
  failRemote(cause = 'Canceled', statusCode?: number): void {
    this.ended = true;
    this.emit('failed', {
      originator: 'remote',
      cause,
      message: statusCode ? { status_code: statusCode } : null,
    });
  }
}

export class FakeUa extends Emitter implements JsSipUaLike {
  started = 0;
  stopped = 0;
  registers = 0;
  readonly credentials: Record<string, string> = {};
  readonly outgoing: { target: string; session: FakeSession }[] = [];
  private callSeq = 0;

  start(): void {
    this.started += 1;
  }

  stop(): void {
    this.stopped += 1;
  }

  register(): void {
    this.registers += 1;
  }

  set(parameter: 'authorization_user' | 'password', value: string): boolean {
    this.credentials[parameter] = value;
    return true;
  }

  /** As JsSIP: the outgoing session's newRTCSession (originator local) fires inside call(). */
  call(target: string): FakeSession {
    const session = new FakeSession(target.replace(/^sip:([^@]+)@.*$/, '$1'));
    this.callSeq += 1;
    const callId = `out-${this.callSeq}`;
    this.emit('newRTCSession', { originator: 'local', session, request: { call_id: callId } });
    this.outgoing.push({ target, session });
    return session;
  }

  /** An INVITE arrives: JsSIP's newRTCSession with originator remote. */
  ring(callId: string, user: string, displayName = ''): FakeSession {
    const session = new FakeSession(user, displayName);
    this.emit('newRTCSession', {
      originator: 'remote',
      session,
      request: { getHeader: (name: string) => (name.toLowerCase() === 'call-id' ? callId : '') },
    });
    return session;
  }

  registered(): void {
    this.emit('registered', { response: { status_code: 200 } });
  }

  failRegistration(statusCode: number | null, cause: string): void {
    this.emit('registrationFailed', {
      cause,
      response: statusCode ? { status_code: statusCode } : null,
    });
  }

  disconnect(): void {
    this.emit('disconnected', { error: true });
  }
}
