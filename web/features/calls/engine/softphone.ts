import {
  type CancelCallBody,
  CLIENT_FINISHED_CALL,
  DISPATCHER_FINISHED_CALL,
  type MissedCall,
  SOFTPHONE_LINES,
} from '@common/calls/calls.schema';
import { normalizePhone } from '@common/lib/phone';
import type { Order } from '@common/orders/orders.schema';
import type { ClientCallAcceptedPayload, MissedCallsUpdatedPayload } from '@common/realtime/events';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessages } from '../../../lib/toast';
import { type CallEvent, type CallEventKind, pushEvent } from './call-events';
import type { CallsClient } from './calls-client';
import { type AvailableSipSettings, callbackTarget } from './credential';
import { isLive, type Line, removeLine, updateLine } from './lines';
import type { SoftphoneNotices } from './notices';
import { Registration, type RegistrationStatus } from './registration';
import type { SessionEnd, SessionPort, UaPort } from './sip-port';

/** 'off' until started (logged out, or not a dispatcher), then the registration's. */
export type SoftphoneStatus = 'off' | RegistrationStatus;

export interface SoftphoneSnapshot {
  status: SoftphoneStatus;
  /** The message saying what is missing when unavailable; what failed when failed. */
  message: string | null;
  lines: readonly Line[];
  /** The dispatcher events' log, newest first. */
  events: readonly CallEvent[];
}

export interface SoftphoneDeps {
  client: CallsClient;
  createUa: (settings: AvailableSipSettings) => Promise<UaPort>;
  notices: SoftphoneNotices;
  now?: () => number;
}

/** What the console gives a started softphone: who is logged in and how an order opens. */
export interface SoftphoneContext {
  userId: number;
  /** An answered call's order, to open in the order form. */
  openOrder: (order: Order) => void;
  /** Any order the server answered (accept, hold, unhold, cancel): into the cache. */
  orderChanged: (order: Order) => void;
}

/** Missed calls this close together are one event of the log. */
const MISSED_MERGE_MS = 60_000;

const INITIAL: SoftphoneSnapshot = { status: 'off', message: null, lines: [], events: [] };

/**
 * The dispatcher's softphone (docs/CALLS.md), outside React: one
 * SIP user agent, its 15 lines, the server calls that tie each call to its order, and the
 * registration's life (ephemeral credential renewed before it expires and at every retry).
 * Components read it with useSyncExternalStore (use-softphone.ts).
 */
export class Softphone {
  private snapshot: SoftphoneSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly deps: SoftphoneDeps;
  private readonly now: () => number;

  private context: SoftphoneContext | null = null;
  private registration: Registration | null = null;
  /** Bumped by start and stop: answers of an older run are ignored. */
  private generation = 0;
  private readonly sessions = new Map<string, SessionPort>();
  /** Calls that ended while POST /api/calls/accept was on its way. */
  private readonly endedWhileAccepting = new Map<string, SessionEnd>();
  private lastMissed: number | null = null;
  private eventSeq = 0;

  constructor(deps: SoftphoneDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  // ── the store ────────────────────────────────────────────────────────────────────────────

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SoftphoneSnapshot => this.snapshot;

  private set(patch: Partial<SoftphoneSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private setLines(lines: readonly Line[]): void {
    this.set({ lines });
  }

  private line(id: string): Line | undefined {
    return this.snapshot.lines.find((line) => line.id === id);
  }

  private log(kind: CallEventKind, text: string, phone: string | null = null): void {
    this.eventSeq += 1;
    const event: CallEvent = { id: this.eventSeq, at: this.now(), kind, phone, text };
    this.set({ events: pushEvent(this.snapshot.events, event) });
  }

  // ── life ─────────────────────────────────────────────────────────────────────────────────

  /** Starts for a logged dispatcher (Shell); a second start restarts. */
  start(context: SoftphoneContext): void {
    this.stop();
    this.context = context;
    const registration: Registration = new Registration(
      {
        sipSettings: () => this.deps.client.sipSettings(),
        createUa: this.deps.createUa,
        notices: this.deps.notices,
        now: this.now,
      },
      {
        status: (status, message) => {
          if (this.registration === registration) this.set({ status, message });
        },
        incoming: (session) => {
          if (this.registration === registration) this.onIncoming(session);
        },
        busy: () => this.snapshot.lines.length > 0,
        log: (text) => this.log('sip', text),
      },
    );
    this.registration = registration;
    registration.begin();
  }

  /** Logout: unregisters, ends every call of this browser, forgets the credential. */
  stop(): void {
    this.generation += 1;
    const registration = this.registration;
    this.registration = null;
    this.context = null;
    this.sessions.clear();
    this.endedWhileAccepting.clear();
    this.lastMissed = null;
    // Cleared first: the calls the UA ends now are nobody's any more (no cancel, no toast).
    this.snapshot = INITIAL;
    registration?.stop();
    for (const listener of this.listeners) listener();
  }

  // ── incoming calls ───────────────────────────────────────────────────────────────────────

  private onIncoming(session: SessionPort): void {
    const lines = this.snapshot.lines;
    // 15 lines. The 16th call is refused here; another operator may take it, or the
    // PBX keeps it as a missed call (docs/CALLS.md).
    if (lines.length >= SOFTPHONE_LINES || this.line(session.callId)) {
      session.reject(486);
      const phone = normalizePhone(session.remoteUser) ?? session.remoteUser;
      this.log('busy', `Refuzat: ${SOFTPHONE_LINES} linii ocupate.`, phone);
      return;
    }
    this.sessions.set(session.callId, session);
    session.listen({
      confirmed: () => undefined,
      ended: (end) => this.onEnded(session.callId, end),
    });
    this.setLines([
      ...lines,
      {
        id: session.callId,
        direction: 'incoming',
        // As orders store it, so the bar, the list and the server agree.
        phone: normalizePhone(session.remoteUser) ?? session.remoteUser,
        displayName: session.remoteName,
        state: 'ringing',
        orderId: null,
        arrivedAt: this.now(),
        answeredAt: null,
        missedCallId: null,
      },
    ]);
  }

  /** Answers the oldest ringing call (v2 Space, the answer key). */
  answerFirst(): Promise<void> {
    const first = this.snapshot.lines.find((line) => line.state === 'ringing');
    return first ? this.answer(first.id) : Promise.resolve();
  }

  /**
   * docs/CALLS.md: the server first (POST /api/calls/accept creates the order tied to this SIP
   * call, or answers 409 when another operator took it), then the SIP answer; the other live
   * calls go on hold, and the order opens.
   */
  async answer(lineId: string): Promise<void> {
    const line = this.line(lineId);
    const session = this.sessions.get(lineId);
    if (!line || !session || line.state !== 'ringing') return;
    const generation = this.generation;
    this.setLines(updateLine(this.snapshot.lines, lineId, { state: 'answering' }));

    let order: Order;
    try {
      order = await this.deps.client.accept(line.phone, line.id);
    } catch (error) {
      if (generation !== this.generation) return;
      this.endedWhileAccepting.delete(lineId);
      if (isApiError(error) && error.status === 409) {
        // Another operator has it (their bar's 'client_call_accepted' twin): drop ours.
        session.reject(486);
        this.sessions.delete(lineId);
        this.setLines(removeLine(this.snapshot.lines, lineId));
        this.log('elsewhere', error.message, line.phone);
      } else if (this.line(lineId)) {
        this.setLines(updateLine(this.snapshot.lines, lineId, { state: 'ringing' }));
      }
      this.deps.notices.error(apiErrorMessages(error)[0] ?? 'Apelul nu a putut fi preluat.');
      return;
    }
    if (generation !== this.generation) return;
    this.context?.orderChanged(order);

    const endedMeanwhile = this.endedWhileAccepting.get(lineId);
    if (endedMeanwhile) {
      // The client hung up while the order was being created: it ends like any hang-up.
      this.endedWhileAccepting.delete(lineId);
      this.callEnded({ ...line, orderId: order.id, state: 'active' }, endedMeanwhile);
      return;
    }
    this.holdOthers(lineId);
    this.setLines(
      updateLine(this.snapshot.lines, lineId, {
        state: 'active',
        orderId: order.id,
        answeredAt: this.now(),
      }),
    );
    try {
      session.answer();
    } catch {
      // JsSIP refuses when the call is no longer waiting; its 'failed' event ends the line.
    }
    this.context?.openOrder(order);
  }

  /** SIP hold on every active call but this one (the server holds them in the same request). */
  private holdOthers(lineId: string): void {
    let lines = this.snapshot.lines;
    for (const other of lines) {
      if (other.id === lineId || other.state !== 'active') continue;
      this.sessions.get(other.id)?.hold();
      lines = updateLine(lines, other.id, { state: 'held' });
    }
    this.setLines(lines);
  }

  // ── live calls ───────────────────────────────────────────────────────────────────────────

  /**
   * F1–F9: the active call goes on hold; a held one is resumed (and the active one
   * held): SIP re-INVITE and PATCH /api/calls/hold|unhold/{orderId}. Resuming opens its order.
   */
  async toggleHold(lineId: string): Promise<void> {
    const line = this.line(lineId);
    const session = this.sessions.get(lineId);
    if (!line || !session || !isLive(line) || line.orderId === null) return;
    const orderId = line.orderId;
    const generation = this.generation;
    try {
      if (line.state === 'active') {
        session.hold();
        this.setLines(updateLine(this.snapshot.lines, lineId, { state: 'held' }));
        const order = await this.deps.client.hold(orderId);
        if (generation === this.generation) this.context?.orderChanged(order);
      } else {
        this.holdOthers(lineId);
        session.unhold();
        this.setLines(updateLine(this.snapshot.lines, lineId, { state: 'active' }));
        const order = await this.deps.client.unhold(orderId);
        if (generation !== this.generation) return;
        this.context?.orderChanged(order);
        this.context?.openOrder(order);
      }
    } catch (error) {
      if (generation === this.generation) {
        this.deps.notices.error(apiErrorMessages(error)[0] ?? 'A apărut o eroare.');
      }
    }
  }

  /** Esc: the dispatcher ends the call ('Dispatcher finished call'). */
  hangUp(lineId: string): void {
    const line = this.line(lineId);
    const session = this.sessions.get(lineId);
    if (!line || !session) return;
    this.sessions.delete(lineId);
    this.setLines(removeLine(this.snapshot.lines, lineId));
    session.hangUp();
    if (line.orderId !== null) this.cancelOnServer(line, DISPATCHER_FINISHED_CALL);
    this.swapIfIdle();
  }

  /** A call ended on the SIP side (JsSIP 'ended' or 'failed'). */
  private onEnded(lineId: string, end: SessionEnd): void {
    this.sessions.delete(lineId);
    const line = this.line(lineId);
    if (!line) return;
    if (line.state === 'answering') {
      // The accept request decides what happens (answer()).
      this.endedWhileAccepting.set(lineId, end);
      this.setLines(removeLine(this.snapshot.lines, lineId));
      return;
    }
    this.setLines(removeLine(this.snapshot.lines, lineId));
    this.callEnded(line, end);
    this.swapIfIdle();
  }

  private callEnded(line: Line, end: SessionEnd): void {
    if (line.state === 'ringing') return; // the caller gave up, or another operator answered
    if (line.state === 'dialing') {
      this.deps.notices.error(`${line.phone}: apelul nu a fost preluat (${describeEnd(end)}).`);
      return;
    }
    if (end.originator === 'local') {
      // Our side failed (no microphone, a media error): the dispatcher's end of the call.
      this.deps.notices.error(`Apelul cu ${line.phone} s-a întrerupt (${describeEnd(end)}).`);
      if (line.orderId !== null) this.cancelOnServer(line, DISPATCHER_FINISHED_CALL);
      return;
    }
    // The client hung up (or the call dropped on their side).
    this.deps.notices.clientHungUp();
    this.log('hung_up', 'Clientul a încheiat apelul.', line.phone);
    if (line.orderId !== null) this.cancelOnServer(line, CLIENT_FINISHED_CALL);
  }

  private cancelOnServer(line: Line, reason: CancelCallBody['reason_text']): void {
    const generation = this.generation;
    this.deps.client
      .cancel({
        phone_number: line.phone,
        reason_type: 'call_ended',
        reason_text: reason,
        sip_caller_id: line.id,
      })
      .then(
        (order) => {
          if (generation === this.generation) this.context?.orderChanged(order);
        },
        (error: unknown) => {
          if (generation === this.generation)
            this.deps.notices.error(apiErrorMessages(error)[0] ?? 'Apelul nu a putut fi închis.');
        },
      );
  }

  private swapIfIdle(): void {
    if (this.snapshot.lines.length === 0) this.registration?.idle();
  }

  // ── callbacks and the company's events ───────────────────────────────────────────────────

  /**
   * 'Sună înapoi' (docs/CALLS.md Missed calls): calls the number from the softphone and marks
   * the missed call handled; when the client answers, the call gets its order like an
   * answered one. False when the call could not be placed.
   */
  callBack(missed: MissedCall): boolean {
    const ua = this.registration?.ua ?? null;
    const settings = this.registration?.settings ?? null;
    const target = settings ? callbackTarget(missed.phone, settings.uri) : null;
    if (!ua || this.snapshot.status !== 'registered' || !target) {
      this.deps.notices.error('Telefonul nu este conectat: apelul nu poate fi făcut.');
      return false;
    }
    if (this.snapshot.lines.length >= SOFTPHONE_LINES) {
      this.deps.notices.error('Toate cele 15 linii sunt ocupate.');
      return false;
    }
    let session: SessionPort;
    try {
      session = ua.call(target);
    } catch (error) {
      this.deps.notices.error(error instanceof Error ? error.message : 'Apelul nu a pornit.');
      return false;
    }
    const lineId = session.callId;
    this.sessions.set(lineId, session);
    session.listen({
      confirmed: () => void this.onCallbackAnswered(lineId),
      ended: (end) => this.onEnded(lineId, end),
    });
    this.setLines([
      ...this.snapshot.lines,
      {
        id: lineId,
        direction: 'outgoing',
        phone: missed.phone,
        displayName: missed.client_name,
        state: 'dialing',
        orderId: null,
        arrivedAt: this.now(),
        answeredAt: null,
        missedCallId: missed.id,
      },
    ]);
    this.deps.client.missedHandled(missed.id).catch((error: unknown) => {
      // 409: a colleague called back first; our call goes on anyway.
      if (!isApiError(error) || error.status !== 409) {
        this.deps.notices.error(apiErrorMessages(error)[0] ?? 'A apărut o eroare.');
      }
    });
    return true;
  }

  private async onCallbackAnswered(lineId: string): Promise<void> {
    const line = this.line(lineId);
    if (line?.state !== 'dialing') return;
    const generation = this.generation;
    this.holdOthers(lineId);
    this.setLines(
      updateLine(this.snapshot.lines, lineId, { state: 'active', answeredAt: this.now() }),
    );
    try {
      const order = await this.deps.client.accept(line.phone, line.id);
      if (generation !== this.generation) return;
      this.context?.orderChanged(order);
      if (this.line(lineId)) {
        this.setLines(updateLine(this.snapshot.lines, lineId, { orderId: order.id }));
        this.context?.openOrder(order);
      } else {
        // The client hung up while the order was being created.
        this.cancelOnServer({ ...line, orderId: order.id }, CLIENT_FINISHED_CALL);
      }
    } catch (error) {
      if (generation === this.generation) {
        this.deps.notices.error(apiErrorMessages(error)[0] ?? 'Comanda nu a putut fi creată.');
      }
    }
  }

  /**
   * client_call_accepted: a dispatcher of the company (or this one in another window)
   * took the call: it leaves this bar at once (the PBX cancels this browser's leg anyway).
   */
  callAcceptedElsewhere(payload: ClientCallAcceptedPayload): void {
    const line = this.line(payload.sip_caller_id);
    if (line?.state !== 'ringing') return;
    this.sessions.get(line.id)?.reject(486);
    this.sessions.delete(line.id);
    this.setLines(removeLine(this.snapshot.lines, line.id));
    const who =
      payload.dispatcher_id === this.context?.userId ? 'în altă fereastră' : 'de alt operator';
    this.log('elsewhere', `Preluat ${who}.`, line.phone);
  }

  /** The company's missed calls changed: one more is logged (a callback only lowers it). */
  missedCallsChanged(payload: MissedCallsUpdatedPayload): void {
    const previous = this.lastMissed;
    this.lastMissed = payload.unhandled;
    const more = previous === null ? payload.unhandled > 0 : payload.unhandled > previous;
    if (!more) return;
    const text = `Apeluri pierdute nepreluate: ${payload.unhandled}.`;
    // A burst (callers giving up together) is one line of the log, kept up to date.
    const last = this.snapshot.events[0];
    if (last?.kind === 'missed' && this.now() - last.at < MISSED_MERGE_MS) {
      const events = [{ ...last, at: this.now(), text }, ...this.snapshot.events.slice(1)];
      this.set({ events });
      return;
    }
    this.log('missed', text);
  }
}

function describeEnd(end: SessionEnd): string {
  return end.code ? `${end.code} ${end.cause}` : end.cause;
}
