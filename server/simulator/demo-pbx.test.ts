import dgram from 'node:dgram';
import { connect, createServer, type Server } from 'node:net';
import type { SipSettings } from '@common/calls/calls.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { pbxProblem } from '../../pbx/start-pbx.mjs';
import { buildCompany, buildUser } from '../db/factories';
import { createTestApp } from '../test/harness';
import { type DemoPbx, startDemoPbx, withDemoPbx } from './demo-pbx';

const config = {
  DEMO_PBX: true,
  SIP_SECRET: 'demo-pbx-test',
  SIP_WS_URL: 'ws://127.0.0.1:8117',
  SIP_DOMAIN: '127.0.0.1',
};
const UDP_PORT = 5087;
const baseUrl = 'http://127.0.0.1:3999';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });

/** Another server on the demo PBX's ports: plain listeners are enough to hold them. */
async function occupy(tcpPort: number, udpPort: number) {
  const tcp: Server = createServer();
  await new Promise<void>((resolve) => tcp.listen(tcpPort, '127.0.0.1', resolve));
  const udp = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(udpPort, '127.0.0.1', resolve));
  cleanups.push(
    () => new Promise<void>((resolve) => tcp.close(() => resolve())),
    () => new Promise<void>((resolve) => udp.close(() => resolve())),
  );
}

/** One log line: no stack trace, no Kamailio log tail. */
const expectOneLine = (pbx: DemoPbx) => {
  expect(pbx.notice.message).not.toContain('\n');
  expect(pbx.notice.message).not.toMatch(/\bat .+:\d+:\d+/);
};

describe('the demo PBX beside npm start', () => {
  it('starts nothing when off, or when the settings point at another machine’s PBX', async () => {
    expect(await startDemoPbx({ config: { ...config, DEMO_PBX: false }, baseUrl })).toBe(undefined);
    const remote = { ...config, SIP_WS_URL: 'wss://pbx.example.ro:8089/ws' };
    expect(await startDemoPbx({ config: remote, baseUrl })).toBe(undefined);
    expect(await startDemoPbx({ config: { ...config, SIP_SECRET: undefined }, baseUrl })).toBe(
      undefined,
    );
    expect(withDemoPbx(config, undefined)).toBe(config);
    expect(await accepts(8117)).toBe(false);
  });

  it('without Kamailio leaves the softphones no WebSocket, not the PBX on the port', async () => {
    await occupy(8117, UDP_PORT);
    const saved = process.env.KAMAILIO_PATH;
    process.env.KAMAILIO_PATH = '/bin/false';
    cleanups.push(() => {
      if (saved === undefined) delete process.env.KAMAILIO_PATH;
      else process.env.KAMAILIO_PATH = saved;
    });
    const pbx = await startDemoPbx({ config, baseUrl, udpPort: UDP_PORT });
    if (!pbx) throw new Error('the demo PBX applies to these settings');
    expect(pbx.wsUrl).toBe(undefined);
    expect(withDemoPbx(config, pbx).SIP_WS_URL).toBe(undefined);
    expect(pbx.notice).toMatchObject({ level: 'warn' });
    expect(pbx.notice.message).toMatch(/^no demo PBX, calls are not available: .*kamailio/);
    expectOneLine(pbx);
  });

  const kamailio = pbxProblem();
  const withKamailio = it.skipIf(kamailio !== null && process.env.CI !== 'true');

  withKamailio(
    'runs the project’s Kamailio on SIP_WS_URL’s port, reuses its own running one, and stops it',
    async () => {
      const pbx = await startDemoPbx({ config, baseUrl, udpPort: UDP_PORT });
      if (!pbx?.wsUrl) throw new Error(`no PBX: ${pbx?.notice.message}`);
      cleanups.push(() => pbx.stop());
      expect(pbx.wsUrl).toBe('ws://127.0.0.1:8117');
      expect(pbx.notice.level).toBe('info');
      expectOneLine(pbx);
      expect(await accepts(8117)).toBe(true);
      // The same app's PBX already there (as `npm run pbx` for this app): used as it is.
      const again = await startDemoPbx({ config, baseUrl, udpPort: UDP_PORT });
      expect(again?.wsUrl).toBe('ws://127.0.0.1:8117');
      expect(again?.notice.message).toContain('already running');
      // Another app's (other hooks) is not this app's PBX: it gets ports of its own.
      const other = await startDemoPbx({
        config,
        baseUrl: 'http://127.0.0.1:3998',
        udpPort: UDP_PORT,
      });
      if (!other?.wsUrl) throw new Error(`no PBX: ${other?.notice.message}`);
      cleanups.push(() => other.stop());
      expect(other.wsUrl).not.toBe('ws://127.0.0.1:8117');
      await other.stop();
      await pbx.stop();
      expect(await accepts(8117)).toBe(false);
    },
  );

  withKamailio(
    'moves to free ports when another server holds them, and the softphones follow',
    async () => {
      await occupy(8117, UDP_PORT);
      const pbx = await startDemoPbx({ config, baseUrl, udpPort: UDP_PORT });
      if (!pbx?.wsUrl) throw new Error(`no PBX: ${pbx?.notice.message}`);
      cleanups.push(() => pbx.stop());
      const port = Number(new URL(pbx.wsUrl).port);
      expect(port).not.toBe(8117);
      expect(await accepts(port)).toBe(true);
      expect(pbx.notice.level).toBe('info');
      expect(pbx.notice.message).toContain('UDP 5087 and WebSocket 8117 taken');
      expect(pbx.notice.fields?.sip_ws).toBe(pbx.wsUrl);
      expect(pbx.notice.fields?.sip_udp).not.toBe('127.0.0.1:5087');
      expectOneLine(pbx);

      // The app built as main builds it: the softphone and the CSP name the moved port only.
      const app = await createTestApp({ SIP_WS_URL: withDemoPbx(config, pbx).SIP_WS_URL ?? '' });
      cleanups.push(() => app.close());
      const company = await buildCompany(app.db);
      const dispatcher = await buildUser(app.db, {
        roles: ['dispatcher'],
        companyIds: [company.id],
        meta: { sip_extension: '101' },
      });
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/calls/sip-settings',
        headers: { authorization: (await app.login(dispatcher)).authorization },
      });
      const settings = response.json<SipSettings>();
      if (!settings.available) throw new Error(settings.message);
      expect(settings.websocket).toBe(pbx.wsUrl);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`ws://127.0.0.1:${port}`);
      expect(csp).not.toContain('ws://127.0.0.1:8117');
    },
  );
});
