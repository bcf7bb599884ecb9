// The browser tests' PBX (docs/CALLS.md): scripts/e2e-server.mjs starts the project's Kamailio
// here before the app and gives the app SIP_SECRET, SIP_WS_URL and SIP_DOMAIN; specs reach the
// same PBX through these values. Its ports differ from `npm run pbx`'s (5060, 8088), so a
// developer's PBX does not clash with the tests'.
const udpPort = Number(process.env.E2E_SIP_UDP_PORT ?? 5070);
const wsPort = Number(process.env.E2E_SIP_WS_PORT ?? 8098);

export const E2E_SIP = {
  udpPort,
  wsPort,
  domain: '127.0.0.1',
  wsUrl: `ws://127.0.0.1:${wsPort}`,
  /** Not the development default: the tests prove the app reads SIP_SECRET. */
  secret: process.env.E2E_SIP_SECRET ?? 'ogo-e2e-sip-secret',
  /**
   * Whether a missing Kamailio fails the run (CI: .ci/run installs it) or only skips what needs
   * it. scripts/test.mjs says which (E2E_REQUIRE_PBX), since it sets CI=true for every browser
   * run, a developer's too; a bare `npx playwright test` goes by CI.
   */
  required: (process.env.E2E_REQUIRE_PBX ?? (process.env.CI === 'true' ? '1' : '0')) === '1',
};
