/**
 * What the softphone needs from a SIP stack, in its own words. The JsSIP adapter
 * (jssip-adapter.ts) implements it over JsSIP's UA and RTCSession events; the store
 * (softphone.ts) knows nothing else of JsSIP.
 */

/** How a call ended: who ended it, and JsSIP's cause ('Terminated', 'Canceled', 'Busy', …). */
export interface SessionEnd {
  originator: 'local' | 'remote' | 'system';
  cause: string;
  /** The SIP status of a failed call (486, 480…), when there was one. */
  code: number | null;
}

export interface SessionListeners {
  /** The callee answered a callback (outgoing), or the ACK of our answer arrived (incoming). */
  confirmed: () => void;
  /** The call is over, whatever the reason (JsSIP's 'ended' and 'failed'). */
  ended: (end: SessionEnd) => void;
}

export interface SessionPort {
  /** The SIP Call-ID. */
  readonly callId: string;
  /** The other party's SIP user (the caller's number, docs/CALLS.md). */
  readonly remoteUser: string;
  readonly remoteName: string | null;
  listen(listeners: SessionListeners): void;
  /** Answers with audio (getUserMedia), no video. */
  answer(): void;
  /** Refuses a ringing call with this SIP status (486 when every line is in use). */
  reject(statusCode: number): void;
  /** Ends a live call (BYE) or cancels an unanswered callback. */
  hangUp(): void;
  hold(): void;
  unhold(): void;
}

export type RegistrationProblem = 'network' | 'credentials' | 'refused';

export interface UaListeners {
  connecting: () => void;
  /** The WebSocket to the SIP server is lost; JsSIP reconnects by itself. */
  disconnected: () => void;
  registered: () => void;
  registrationFailed: (problem: RegistrationProblem, detail: string) => void;
  /** A call to this operator (JsSIP's newRTCSession with originator remote). */
  incoming: (session: SessionPort) => void;
}

export interface UaPort {
  listen(listeners: UaListeners): void;
  start(): void;
  /** Unregisters and ends every call (logout). */
  stop(): void;
  /** A new ephemeral credential for the next challenge (JsSIP's UA.set, no new UA). */
  setCredential(authorizationUser: string, password: string): void;
  register(): void;
  /** Places an outgoing call (a callback) to a SIP URI. */
  call(target: string): SessionPort;
}
