import type { FastifyBaseLogger } from 'fastify';
import { pbxProblem, startPbx } from '../../pbx/start-pbx.mjs';
import type { Config } from '../config';

/** Where `npm run call` reaches the demo PBX (the same as `npm run pbx`). */
const DEMO_UDP_PORT = 5060;
const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

interface DemoPbxOptions {
  config: Pick<Config, 'DEMO_PBX' | 'SIP_SECRET' | 'SIP_WS_URL' | 'SIP_DOMAIN'>;
  /** This server, for the PBX's hooks. */
  baseUrl: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** SIP over UDP (`npm run call`'s default, 5060). */
  udpPort?: number;
}

/**
 * `npm start` runs the project's Kamailio too (as `npm run pbx` would), so the demo
 * dispatcher's softphone registers at once and `npm run call` rings it: only where the settings
 * point at a PBX on this machine (SIP_WS_URL ws://127.0.0.1…, the default) and Kamailio is
 * installed; otherwise one log line says why calls are not available. A PBX already listening
 * there (a developer's `npm run pbx`) is left alone. Off with DEMO_PBX=false (and in production).
 * Kamailio is started through the launcher's one entry point, pbx/start-pbx.mjs, imported like
 * any module (the build bundles it and copies its template beside the bundle).
 */
export async function startDemoPbx(options: DemoPbxOptions) {
  const { config, logger } = options;
  if (!config.DEMO_PBX || !config.SIP_SECRET || !config.SIP_WS_URL) return undefined;
  const ws = new URL(config.SIP_WS_URL);
  if (ws.protocol !== 'ws:' || !LOOPBACK.has(ws.hostname) || !LOOPBACK.has(config.SIP_DOMAIN))
    return undefined;
  const problem = pbxProblem();
  if (problem) {
    logger.warn(`no demo PBX, the softphone cannot register: ${problem}`);
    return undefined;
  }
  try {
    const running = await startPbx({
      udpPort: options.udpPort ?? DEMO_UDP_PORT,
      wsPort: Number(ws.port || 80),
      secret: config.SIP_SECRET,
      hookUrl: new URL('/api/pbx/missed-calls', options.baseUrl).href,
    });
    logger.info(
      { sip_ws: running.wsUrl, sip_udp: `127.0.0.1:${running.udpPort}` },
      'the demo PBX (Kamailio) is running: `npm run call -- <phone number>` rings the demo dispatchers',
    );
    return running;
  } catch (error) {
    logger.info(
      { err: error },
      'no demo PBX started (one already listening there, e.g. `npm run pbx`, is used as it is)',
    );
    return undefined;
  }
}
