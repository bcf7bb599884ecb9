import { pbxProblem, samePbxRunning, startPbx } from '../../pbx/start-pbx.mjs';
import type { Config } from '../config';

/** Where `npm run call` reaches the demo PBX (the same as `npm run pbx`). */
const DEMO_UDP_PORT = 5060;
const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

type DemoPbxConfig = Pick<Config, 'DEMO_PBX' | 'SIP_SECRET' | 'SIP_WS_URL' | 'SIP_DOMAIN'>;

interface DemoPbxOptions {
  config: DemoPbxConfig;
  /** This server (its PORT), for the PBX's hooks. */
  baseUrl: string;
  /** SIP over UDP (`npm run call`'s default, 5060). */
  udpPort?: number;
}

/** What the demo PBX came to; main logs `notice` once the app runs. */
export interface DemoPbx {
  /**
   * The SIP WebSocket the softphones register with: the demo PBX's actual port, or none when it
   * does not run (never whatever else listens on the configured port).
   */
  wsUrl: string | undefined;
  /** One log line, no stack: where it runs, or why calls are not available. */
  notice: { level: 'info' | 'warn'; message: string; fields?: Record<string, string> };
  stop(): Promise<void>;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

const noPbx = (why: string): DemoPbx => ({
  wsUrl: undefined,
  notice: { level: 'warn', message: `no demo PBX, calls are not available: ${why}` },
  stop: async () => {},
});

/**
 * `npm start` runs the project's Kamailio too (as `npm run pbx` would), so the demo
 * dispatcher's softphone registers at once and `npm run call` rings it: only where the settings
 * point at a PBX on this machine (SIP_WS_URL ws://127.0.0.1…, the default); undefined otherwise,
 * and with DEMO_PBX=false (and in production). Started before the app is built, so the
 * softphones' settings and the CSP name the ports it really got: the configured ones, or, when
 * another server holds them, free ones of its own. The project's PBX already running there for
 * this app (`npm run pbx`, same secret and hooks) is used as it is. Kamailio is started through
 * the launcher's one entry point, pbx/start-pbx.mjs (bundled by the build, template beside it).
 */
export async function startDemoPbx(options: DemoPbxOptions): Promise<DemoPbx | undefined> {
  const { config } = options;
  if (!config.DEMO_PBX || !config.SIP_SECRET || !config.SIP_WS_URL) return undefined;
  const ws = new URL(config.SIP_WS_URL);
  if (ws.protocol !== 'ws:' || !LOOPBACK.has(ws.hostname) || !LOOPBACK.has(config.SIP_DOMAIN))
    return undefined;
  try {
    return await startOrReuse(config.SIP_WS_URL, config.SIP_SECRET, options);
  } catch (error) {
    return noPbx(firstLine(error));
  }
}

async function startOrReuse(
  configuredWs: string,
  secret: string,
  options: DemoPbxOptions,
): Promise<DemoPbx> {
  const problem = pbxProblem();
  if (problem) return noPbx(problem);
  const ws = new URL(configuredWs);
  const base = new URL(options.baseUrl);
  if (base.port === '0') return noPbx('PORT=0 leaves its hooks no address to post to');
  const hookUrl = new URL('/api/pbx/missed-calls', base).href;
  const wanted = { udpPort: options.udpPort ?? DEMO_UDP_PORT, wsPort: Number(ws.port || 80) };

  if (samePbxRunning({ ...wanted, secret, hookUrl }))
    return {
      wsUrl: configuredWs,
      notice: {
        level: 'info',
        message: "the project's PBX already running here (`npm run pbx`) serves the softphones",
        fields: { sip_ws: configuredWs, sip_udp: `127.0.0.1:${wanted.udpPort}` },
      },
      stop: async () => {},
    };

  const running = await startPbx({ ...wanted, secret, hookUrl, orFreePorts: true });
  const fields = { sip_ws: running.wsUrl, sip_udp: `127.0.0.1:${running.udpPort}` };
  const taken = [
    running.udpPort !== wanted.udpPort ? `UDP ${wanted.udpPort}` : '',
    running.wsPort !== wanted.wsPort ? `WebSocket ${wanted.wsPort}` : '',
  ].filter(Boolean);
  const message =
    taken.length > 0
      ? `the demo PBX (Kamailio) runs on ports of its own (${taken.join(' and ')} taken by ` +
        `another server): \`npm run call -- --pbx 127.0.0.1:${running.udpPort} <phone number>\` ` +
        'rings the demo dispatchers'
      : 'the demo PBX (Kamailio) is running: `npm run call -- <phone number>` rings the demo dispatchers';
  return {
    wsUrl: running.wsPort !== wanted.wsPort ? running.wsUrl : configuredWs,
    notice: { level: 'info', message, fields },
    stop: running.stop,
  };
}

/** The app's settings with the demo PBX's WebSocket in SIP_WS_URL (undefined: not applicable). */
export function withDemoPbx<T extends Pick<Config, 'SIP_WS_URL'>>(
  config: T,
  pbx: DemoPbx | undefined,
): T {
  return pbx ? { ...config, SIP_WS_URL: pbx.wsUrl } : config;
}
