// Types of e2e/support/e2e-sip.mjs.
export const E2E_SIP: {
  udpPort: number;
  wsPort: number;
  domain: string;
  wsUrl: string;
  secret: string;
  /** A missing Kamailio fails the run (true) or skips what needs it. */
  required: boolean;
};
