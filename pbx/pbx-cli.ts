// `npm run pbx [-- --app <url>]`: the project's Kamailio for development (docs/OPERATIONS.md
// "Telephony (SIP)"): SIP over UDP on 127.0.0.1:5060 (npm run call, a trunk), SIP over WebSocket on
// ws://127.0.0.1:8088 (the console's softphone), the secret from SIP_SECRET (else the random one
// `npm start` keeps in DATA_DIR/secrets.json, created here if the app has not run yet), missed
// calls posted to the app. Ctrl+C stops it.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { withDataDirSecrets } from '../server/data-dir-secrets';
import { PbxUnavailableError, startPbx } from './start-pbx.mjs';

const UDP_PORT = 5060;
const WS_PORT = 8088;

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: npm run pbx [-- --app http://127.0.0.1:3000]');
  process.exit(0);
}
const app = values.app ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const hookUrl = new URL('/api/pbx/missed-calls', app).href;
// The app's own rules: SIP_SECRET, else DATA_DIR's; required in production.
let secret: string | undefined;
let secretSource = 'SIP_SECRET';
try {
  const { config } = withDataDirSecrets(loadConfig());
  secret = config.SIP_SECRET;
  if (config.sipSecretFromDataDir) secretSource = `${config.DATA_DIR}/secrets.json (the app's too)`;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!secret) {
  console.error('SIP_SECRET is empty: the PBX needs the secret it shares with the app');
  process.exit(1);
}

let pbx: Awaited<ReturnType<typeof startPbx>>;
try {
  pbx = await startPbx({ udpPort: UDP_PORT, wsPort: WS_PORT, secret, hookUrl, logFile: 'inherit' });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof PbxUnavailableError ? 2 : 1);
}

console.log(
  [
    `PBX up (kamailio pid ${pbx.pid}):`,
    `  SIP over UDP   127.0.0.1:${pbx.udpPort}   (npm run call -- 0722000001)`,
    `  SIP over WS    ${pbx.wsUrl}   (the app's SIP_WS_URL; SIP_DOMAIN=${pbx.domain})`,
    `  secret         ${secretSource}`,
    `  missed calls   POST ${hookUrl}`,
    'Ctrl+C stops it.',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await pbx.stop();
    console.log('PBX stopped');
    process.exit(0);
  });
}
