import { playRemoteAudio } from './remote-audio';
import type {
  RegistrationProblem,
  SessionEnd,
  SessionListeners,
  SessionPort,
  UaListeners,
  UaPort,
} from './sip-port';

/*
 * The parts of JsSIP 3.13 the softphone uses, typed structurally: JsSIP's own UA and
 * RTCSession satisfy them, and the unit tests' fake emitter does too.
 */

interface JsSipIdentity {
  uri: { user: string };
  display_name: string;
}

interface JsSipMessage {
  status_code?: number;
}

interface JsSipEndEvent {
  originator: string;
  cause: string;
  message?: JsSipMessage | null;
}

export interface JsSipMediaOptions {
  mediaConstraints: MediaStreamConstraints;
  pcConfig: RTCConfiguration;
  rtcOfferConstraints?: RTCOfferOptions;
}

export interface JsSipSessionLike {
  remote_identity: JsSipIdentity;
  answer(options: JsSipMediaOptions): void;
  terminate(options?: { status_code?: number; reason_phrase?: string }): void;
  hold(): boolean;
  unhold(): boolean;
  isEnded(): boolean;
  on(type: 'confirmed', listener: () => void): unknown;
  on(type: 'ended' | 'failed', listener: (event: JsSipEndEvent) => void): unknown;
  on(
    type: 'peerconnection',
    listener: (event: { peerconnection: RTCPeerConnection }) => void,
  ): unknown;
}

interface JsSipRequestLike {
  call_id?: string;
  getHeader(name: string): string;
}

interface JsSipNewSessionEvent {
  originator: string;
  session: JsSipSessionLike;
  request: JsSipRequestLike;
}

interface JsSipRegistrationFailedEvent {
  cause?: string;
  response?: JsSipMessage | null;
}

export interface JsSipUaLike {
  start(): void;
  stop(): void;
  register(): void;
  set(parameter: 'authorization_user' | 'password', value: string): boolean;
  call(target: string, options: JsSipMediaOptions): JsSipSessionLike;
  on(type: 'connecting' | 'connected' | 'registered', listener: () => void): unknown;
  on(type: 'disconnected', listener: () => void): unknown;
  on(type: 'registrationFailed', listener: (event: JsSipRegistrationFailedEvent) => void): unknown;
  on(type: 'newRTCSession', listener: (event: JsSipNewSessionEvent) => void): unknown;
}

/**
 * No STUN or TURN by default (JsSIP waits for ICE gathering to
 * end before it sends its answer, and an unreachable STUN server costs ~40 s); 'balanced'
 * bundling, because 'max-bundle' breaks a media relay's SDP.
 */
export const DEFAULT_MEDIA: JsSipMediaOptions = {
  mediaConstraints: { audio: true, video: false },
  pcConfig: { iceServers: [], bundlePolicy: 'balanced', rtcpMuxPolicy: 'require' },
  rtcOfferConstraints: { offerToReceiveAudio: true },
};

const callIdOf = (request: JsSipRequestLike): string =>
  request.call_id ?? request.getHeader('Call-ID');

const originatorOf = (value: string): SessionEnd['originator'] =>
  value === 'local' || value === 'remote' ? value : 'system';

function registrationProblem(event: JsSipRegistrationFailedEvent): RegistrationProblem {
  const code = event.response?.status_code;
  if (code === 401 || code === 403 || code === 407 || event.cause === 'Authentication Error') {
    return 'credentials';
  }
  if (code === undefined || event.cause === 'Connection Error' || event.cause === 'Request Timeout')
    return 'network';
  return 'refused';
}

class JsSipSession implements SessionPort {
  readonly callId: string;
  readonly remoteUser: string;
  readonly remoteName: string | null;
  private readonly session: JsSipSessionLike;
  private readonly media: JsSipMediaOptions;

  constructor(session: JsSipSessionLike, callId: string, media: JsSipMediaOptions) {
    this.session = session;
    this.callId = callId;
    this.media = media;
    this.remoteUser = session.remote_identity.uri.user;
    this.remoteName = session.remote_identity.display_name || null;
    // The caller's voice: JsSIP builds the peer connection; playing it is ours.
    let stopAudio: (() => void) | null = null;
    session.on('peerconnection', ({ peerconnection }) => {
      stopAudio = playRemoteAudio(peerconnection);
    });
    const release = () => stopAudio?.();
    session.on('ended', release);
    session.on('failed', release);
  }

  listen(listeners: SessionListeners): void {
    this.session.on('confirmed', () => listeners.confirmed());
    const ended = (event: JsSipEndEvent) =>
      listeners.ended({
        originator: originatorOf(event.originator),
        cause: event.cause,
        code: event.message?.status_code ?? null,
      });
    this.session.on('ended', ended);
    this.session.on('failed', ended);
  }

  answer(): void {
    this.session.answer(this.media);
  }

  reject(statusCode: number): void {
    if (!this.session.isEnded()) this.session.terminate({ status_code: statusCode });
  }

  hangUp(): void {
    if (!this.session.isEnded()) this.session.terminate();
  }

  hold(): void {
    this.session.hold();
  }

  unhold(): void {
    this.session.unhold();
  }
}

/** Wraps a JsSIP UA in the softphone's port. */
export function adaptJsSipUa(ua: JsSipUaLike, media: JsSipMediaOptions = DEFAULT_MEDIA): UaPort {
  // ua.call() emits its own newRTCSession (originator local) before it returns: the Call-ID of
  // the INVITE it builds is taken from there.
  let outgoingCallId: string | null = null;
  return {
    listen(listeners: UaListeners) {
      ua.on('connecting', () => listeners.connecting());
      ua.on('disconnected', () => listeners.disconnected());
      ua.on('registered', () => listeners.registered());
      ua.on('registrationFailed', (event) =>
        listeners.registrationFailed(
          registrationProblem(event),
          event.response?.status_code
            ? `${event.response.status_code} ${event.cause ?? ''}`.trim()
            : (event.cause ?? ''),
        ),
      );
      ua.on('newRTCSession', (event) => {
        // newRTCSession also fires for our own outgoing calls.
        if (event.originator !== 'remote') {
          outgoingCallId = callIdOf(event.request);
          return;
        }
        listeners.incoming(new JsSipSession(event.session, callIdOf(event.request), media));
      });
    },
    start: () => ua.start(),
    stop: () => ua.stop(),
    register: () => ua.register(),
    setCredential(authorizationUser, password) {
      ua.set('authorization_user', authorizationUser);
      ua.set('password', password);
    },
    call(target) {
      outgoingCallId = null;
      const session = ua.call(target, media);
      const callId = outgoingCallId ?? `local-${Date.now()}`;
      return new JsSipSession(session, callId, media);
    },
  };
}
