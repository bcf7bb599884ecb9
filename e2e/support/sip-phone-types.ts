// The test softphone a page gets from e2e/support/pbx.ts (window.sipPhone, e2e/support/sip-page.ts):
// one JsSIP UA per page, acting as a caller or an operator (docs/CALLS.md).

export interface SipPhoneStart {
  wsUrl: string;
  domain: string;
  /** The SIP user: `c1-101` (an operator), `0722000001` (a caller). */
  user: string;
  /** Digest username and password (ephemeral: `<expiry>:<user>`, see sipCredentials()). */
  username: string;
  password: string;
  /** REGISTER at start (default true); false: only connect the WebSocket. */
  register?: boolean;
}

/** What start() ended with: registered, or why not (the REGISTER's final status). */
export interface SipPhoneStartResult {
  registered: boolean;
  code?: number;
  cause?: string;
}

/** One thing that happened, in order; `session` is the index of the call in this page. */
export interface SipPhoneEvent {
  type:
    | 'registered'
    | 'registrationFailed'
    | 'unregistered'
    | 'newRTCSession'
    /** An outgoing call's INVITE leaves (ICE gathering done): "INVITE sent". */
    | 'sending'
    | 'progress'
    | 'accepted'
    | 'confirmed'
    | 'ended'
    | 'failed'
    | 'hold'
    | 'unhold';
  /** Epoch ms (fractional: the page's performance clock). */
  at: number;
  session?: number;
  originator?: string;
  cause?: string;
  /** A final or provisional response's status code, when the event came with one. */
  code?: number;
  /** newRTCSession: the other side's SIP user (the caller's number for an incoming call). */
  user?: string;
  /** newRTCSession: the INVITE's Call-ID (sip_caller_id on the wire). */
  callId?: string;
}

export interface SipPhone {
  events: SipPhoneEvent[];
  start(options: SipPhoneStart): Promise<SipPhoneStartResult>;
  /** Calls `sip:<toUser>@<domain>`; returns the session index. */
  call(toUser: string): number;
  answer(session: number): void;
  /** Resolve when the re-INVITE's 200 arrived. */
  hold(session: number): Promise<void>;
  unhold(session: number): Promise<void>;
  /** CANCEL while ringing, BYE once answered, a rejection (486 by default) while incoming. */
  hangup(session: number, statusCode?: number): void;
  /** REGISTER with `Contact: *` and Expires 0 (all of this user's contacts); resolves on its 200. */
  unregisterAll(): Promise<void>;
  /** Unregisters (resolves on its answer) and closes the UA. */
  stop(): Promise<void>;
}
