import { SIP_MESSAGES } from '@common/calls/calls.schema';
import { describe, expect, it } from 'vitest';
import { type SipServerConfig, sipSettingsFor } from './sip-settings';

const config: SipServerConfig = {
  SIP_SECRET: 'shared',
  SIP_WS_URL: 'ws://127.0.0.1:8088',
  SIP_DOMAIN: 'pbx.local',
  SIP_CREDENTIAL_TTL_S: 3600,
};
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const operator = (meta: Record<string, string>, companyId: number | null = 7) => ({
  name: 'Elena',
  companyId,
  meta: new Map(Object.entries(meta)),
});

describe('sipSettingsFor (docs/CALLS.md Credentials, missing-setting messages)', () => {
  it('gives an operator with an extension an address on the company line and an hour-long credential', () => {
    const settings = sipSettingsFor(operator({ sip_extension: '101' }), config, NOW);
    expect(settings).toMatchObject({
      available: true,
      uri: 'sip:c7-101@pbx.local',
      websocket: 'ws://127.0.0.1:8088',
      authorization_user: `${NOW / 1000 + 3600}:c7-101`,
      line: 'c7',
      expires_at: '2026-11-26T13:00:00.000Z',
    });
  });

  it('names what is missing, in the spec’s order', () => {
    expect(sipSettingsFor(operator({}), config, NOW)).toEqual({
      available: false,
      message: SIP_MESSAGES.noMeta,
    });
    expect(sipSettingsFor(operator({ sip_extension: '101' }, null), config, NOW)).toMatchObject({
      message: SIP_MESSAGES.noUrl,
    });
    expect(sipSettingsFor(operator({ sip_url: 'not a uri' }), config, NOW)).toMatchObject({
      message: SIP_MESSAGES.noUrl,
    });
    expect(
      sipSettingsFor(operator({ sip_extension: '101' }), { ...config, SIP_SECRET: undefined }, NOW),
    ).toMatchObject({ message: SIP_MESSAGES.noPassword });
    expect(
      sipSettingsFor(operator({ sip_extension: '101' }), { ...config, SIP_WS_URL: undefined }, NOW),
    ).toMatchObject({ message: SIP_MESSAGES.noWebSocket });
  });

  it('points one operator at another PBX with a static password and its own WebSocket', () => {
    const settings = sipSettingsFor(
      operator({
        sip_url: 'sip:2001@asterisk.example',
        sip_websocket: 'wss://asterisk.example:8089/ws',
        sip_password: 'static',
      }),
      { ...config, SIP_SECRET: undefined, SIP_WS_URL: undefined },
      NOW,
    );
    expect(settings).toMatchObject({
      available: true,
      uri: 'sip:2001@asterisk.example',
      websocket: 'wss://asterisk.example:8089/ws',
      authorization_user: '2001',
      password: 'static',
    });
  });
});
