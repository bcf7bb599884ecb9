import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pbxProblem } from '../../pbx/start-pbx.mjs';
import { startDemoPbx } from './demo-pbx';

const logs: string[] = [];
const logger = {
  info: (...args: unknown[]) => void logs.push(String(args.at(-1))),
  warn: (...args: unknown[]) => void logs.push(String(args.at(-1))),
};
const config = {
  DEMO_PBX: true,
  SIP_SECRET: 'demo-pbx-test',
  SIP_WS_URL: 'ws://127.0.0.1:8117',
  SIP_DOMAIN: '127.0.0.1',
};
const baseUrl = 'http://127.0.0.1:3999';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });

describe('the demo PBX beside npm start', () => {
  it('starts nothing when off, or when the settings point at another machine’s PBX', async () => {
    expect(await startDemoPbx({ config: { ...config, DEMO_PBX: false }, baseUrl, logger })).toBe(
      undefined,
    );
    const remote = { ...config, SIP_WS_URL: 'wss://pbx.example.ro:8089/ws' };
    expect(await startDemoPbx({ config: remote, baseUrl, logger })).toBe(undefined);
    expect(
      await startDemoPbx({ config: { ...config, SIP_SECRET: undefined }, baseUrl, logger }),
    ).toBe(undefined);
    expect(await accepts(8117)).toBe(false);
  });

  const kamailio = pbxProblem();
  it.skipIf(kamailio !== null && process.env.CI !== 'true')(
    'runs the project’s Kamailio on SIP_WS_URL’s port, leaves a running one alone, and stops it',
    async () => {
      const pbx = await startDemoPbx({ config, baseUrl, logger, udpPort: 5087 });
      if (!pbx) throw new Error(`no PBX: ${logs.join(' | ')}`);
      stops.push(() => pbx.stop());
      expect(pbx.wsUrl).toBe('ws://127.0.0.1:8117');
      expect(await accepts(8117)).toBe(true);
      // A second start finds the port taken: it uses the running one.
      expect(await startDemoPbx({ config, baseUrl, logger, udpPort: 5087 })).toBe(undefined);
      await pbx.stop();
      stops.length = 0;
      expect(await accepts(8117)).toBe(false);
    },
  );
});
