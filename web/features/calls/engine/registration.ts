import type { SipSettings } from '@common/calls/calls.schema';
import { apiErrorMessages } from '../../../lib/toast';
import { type AvailableSipSettings, renewDelayMs, sameAccount } from './credential';
import { type SipProblem, type SoftphoneNotices, sipDisabledText } from './notices';
import type { SessionPort, UaPort } from './sip-port';

/**
 * - loading: reading GET /api/calls/sip-settings;
 * - unavailable: the user cannot have a softphone (message);
 * - connecting: the UA is connecting and registering;
 * - registered: calls arrive;
 * - failed: not registered (network, credentials, settings); retrying by itself.
 */
export type RegistrationStatus = 'loading' | 'unavailable' | 'connecting' | 'registered' | 'failed';

export interface RegistrationDeps {
  sipSettings: () => Promise<SipSettings>;
  createUa: (settings: AvailableSipSettings) => Promise<UaPort>;
  notices: SoftphoneNotices;
  now: () => number;
}

/** What the registration tells the softphone that owns it. */
export interface RegistrationHost {
  status(status: RegistrationStatus, message: string | null): void;
  incoming(session: SessionPort): void;
  /** Calls are in progress: a new UA must wait for them to end. */
  busy(): boolean;
  /** A line for the dispatcher events' log. */
  log(text: string): void;
}

/** Retries of a failed registration: fresh credential each time, then every 30 s. */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000] as const;

/**
 * One login's SIP registration (docs/CALLS.md Credentials): the settings and their
 * ephemeral credential (in memory only), the JsSIP UA they start, the credential renewed before
 * it expires and at every retry after a failure (UA.set, the same UA), the alerts
 * when calls are unavailable.
 * A new server or account replaces the UA, but only once no call is live.
 */
export class Registration {
  private readonly deps: RegistrationDeps;
  private readonly host: RegistrationHost;
  private current: RegistrationStatus = 'loading';
  private running = true;
  private uaPort: UaPort | null = null;
  private active: AvailableSipSettings | null = null;
  private pendingSwap: AvailableSipSettings | null = null;
  private renewTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAttempt = 0;
  private alerted = false;

  constructor(deps: RegistrationDeps, host: RegistrationHost) {
    this.deps = deps;
    this.host = host;
  }

  /** Reads the settings and starts the UA. */
  begin(): void {
    this.setStatus('loading', null);
    void this.load(false);
  }

  get ua(): UaPort | null {
    return this.uaPort;
  }

  get settings(): AvailableSipSettings | null {
    return this.active;
  }

  get status(): RegistrationStatus {
    return this.current;
  }

  /** Logout: timers off, the UA unregisters and ends its calls, the credential is forgotten. */
  stop(): void {
    this.running = false;
    if (this.renewTimer) clearTimeout(this.renewTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.uaPort?.stop();
    this.uaPort = null;
    this.active = null;
    this.pendingSwap = null;
    if (this.current === 'failed') this.deps.notices.sipEnabled();
  }

  /** The last call ended: a waiting new server or account can take over now. */
  idle(): void {
    const next = this.pendingSwap;
    if (next && this.running) void this.startUa(next);
  }

  private setStatus(status: RegistrationStatus, message: string | null): void {
    this.current = status;
    this.host.status(status, message);
  }

  /**
   * Reads the settings and applies them: the first time it starts the UA; later (renewal,
   * retry) it hands the UA the fresh credential and, after a failure, registers again.
   */
  private async load(reregister: boolean): Promise<void> {
    let settings: SipSettings;
    try {
      settings = await this.deps.sipSettings();
    } catch (error) {
      if (this.running) this.fail('settings', apiErrorMessages(error)[0] ?? '');
      return;
    }
    if (!this.running) return;
    if (!settings.available) {
      // The alert once per login, not at every renewal.
      if (!this.alerted) this.deps.notices.unavailable(settings.message);
      this.alerted = true;
      if (!this.host.busy()) {
        this.uaPort?.stop();
        this.uaPort = null;
      }
      this.active = null;
      this.setStatus('unavailable', settings.message);
      return;
    }
    this.scheduleRenewal(settings.expires_at);
    const current = this.active;
    if (this.uaPort && current && sameAccount(current, settings)) {
      this.active = settings;
      this.uaPort.setCredential(settings.authorization_user, settings.password);
      if (reregister) this.uaPort.register();
      return;
    }
    if (this.uaPort && this.host.busy()) {
      // Live calls are never dropped: the new server or account waits until they end.
      this.pendingSwap = settings;
      return;
    }
    await this.startUa(settings);
  }

  private async startUa(settings: AvailableSipSettings): Promise<void> {
    this.uaPort?.stop();
    this.uaPort = null;
    this.pendingSwap = null;
    this.active = settings;
    let ua: UaPort;
    try {
      ua = await this.deps.createUa(settings);
    } catch (error) {
      if (this.running) this.fail('network', error instanceof Error ? error.message : '');
      return;
    }
    if (!this.running) {
      ua.stop();
      return;
    }
    this.uaPort = ua;
    const mine = () => this.uaPort === ua;
    ua.listen({
      connecting: () => {
        if (mine() && this.current !== 'failed') this.setStatus('connecting', null);
      },
      disconnected: () => {
        if (mine()) this.onDisconnected();
      },
      registered: () => {
        if (mine()) this.onRegistered();
      },
      registrationFailed: (problem, detail) => {
        if (mine()) this.fail(problem, detail);
      },
      incoming: (session) => this.host.incoming(session),
    });
    this.setStatus('connecting', null);
    ua.start();
  }

  private scheduleRenewal(expiresAt: string): void {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(
      () => void this.load(false),
      renewDelayMs(expiresAt, this.deps.now()),
    );
  }

  private onRegistered(): void {
    const wasFailed = this.current === 'failed';
    this.retryAttempt = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setStatus('registered', null);
    if (wasFailed) {
      this.deps.notices.sipEnabled();
      this.host.log('Telefonul s-a reconectat.');
    }
  }

  /**
   * The WebSocket dropped: JsSIP reconnects and registers again by itself; a fresh credential
   * is fetched meanwhile, so that registration does not fail on an expired one.
   */
  private onDisconnected(): void {
    if (this.current === 'failed') return;
    this.fail('network', '', false);
    void this.load(false);
  }

  /** 'SIP is disabled' (persistent), and a retry with a fresh credential. */
  private fail(problem: SipProblem, detail: string, retry = true): void {
    const first = this.current !== 'failed';
    this.setStatus('failed', sipDisabledText(problem, detail));
    this.deps.notices.sipDisabled(problem, detail);
    if (first) this.host.log('Telefonul nu este înregistrat; se reîncearcă.');
    if (retry) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.retryAttempt, RETRY_DELAYS_MS.length - 1)];
    this.retryAttempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      // No UA yet (its start failed): start one; otherwise register again, new credential.
      if (this.running) void this.load(this.uaPort !== null);
    }, delay);
  }
}
