// Types of pbx/start-pbx.mjs (plain JavaScript so that the browser tests' server, plain Node,
// can import it).

export interface StartPbxOptions {
  /** SIP over UDP (sipp, a trunk), on `host`. */
  udpPort: number;
  /** SIP over plain WebSocket (the browsers), on `host`. */
  wsPort: number;
  /** SIP_SECRET: auth_ephemeral's shared secret and the hook token's key. */
  secret: string;
  /**
   * Where Kamailio POSTs missed calls (the app's /api/pbx/missed-calls); every BYE goes to its
   * sibling `call-ended` (/api/pbx/call-ended).
   */
  hookUrl: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Kamailio's rundir (ctl socket, generated config); default a new temp dir removed by stop(). */
  runDir?: string;
  /** Where its output goes: a file (default `<runDir>/kamailio.log`) or 'inherit' (our stdio). */
  logFile?: string;
  /** How long to wait for both ports to answer (default 10 s). */
  readyTimeoutMs?: number;
  /**
   * A port already taken is replaced by one the system has free (RunningPbx says which);
   * default false: a taken port is an error.
   */
  orFreePorts?: boolean;
}

export interface RunningPbx {
  /** For JsSIP: `ws://<host>:<wsPort>`. */
  wsUrl: string;
  /** The SIP domain of every address (`sip:c1@<domain>`). */
  domain: string;
  udpPort: number;
  wsPort: number;
  /** Kamailio's main process. */
  pid: number | undefined;
  runDir: string;
  /** Null when the output went to our stdio. */
  logFile: string | null;
  /** SIGTERM, then SIGKILL to it and its workers after 3 s; removes a temp runDir. Idempotent. */
  stop(): Promise<void>;
}

export interface KamailioInstall {
  binary: string;
  version: string;
  modulesDirs: string[];
}

export const PBX_TEMPLATE: string;
export const PBX_PACKAGES: string[];
export class PbxUnavailableError extends Error {}
export function hookTokenOf(secret: string): string;
export function findKamailio(): KamailioInstall;
export function pbxProblem(): string | null;
export function pbxConfigText(options: StartPbxOptions & { runDir: string }): string;
export function writePbxConfig(options: StartPbxOptions & { runDir: string }): string;
export function startPbx(options: StartPbxOptions): Promise<RunningPbx>;
export function samePbxRunning(
  options: Pick<StartPbxOptions, 'udpPort' | 'wsPort' | 'secret' | 'hookUrl'>,
): boolean;
