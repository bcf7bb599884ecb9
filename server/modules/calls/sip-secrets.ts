import { createHmac, timingSafeEqual } from 'node:crypto';

export interface EphemeralCredential {
  /** `<expiry epoch seconds>:<user>`: Kamailio auth_ephemeral's username_format 1. */
  username: string;
  /** base64(HMAC-SHA1(secret, username)): what auth_ephemeral recomputes (its default SHA-1). */
  password: string;
  expiresAtMs: number;
}

/**
 * A short-lived SIP credential for `user` (docs/CALLS.md): nothing is stored; the
 * PBX recomputes the password from the shared secret and refuses it after the expiry.
 */
export function ephemeralCredential(
  secret: string,
  user: string,
  ttlSeconds: number,
  nowMs: number,
): EphemeralCredential {
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = `${expiry}:${user}`;
  const password = createHmac('sha1', secret).update(username).digest('base64');
  return { username, password, expiresAtMs: expiry * 1000 };
}

/** The token the PBX sends with its missed-call hook (`X-Pbx-Token`), derived from the secret. */
export const pbxHookToken = (secret: string) =>
  createHmac('sha256', secret).update('pbx-hook').digest('hex');

/** Constant-time comparison of a presented hook token with the expected one. */
export function isPbxHookToken(secret: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(pbxHookToken(secret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** SIP users (docs/CALLS.md): a company's line and one operator's own address. */
export const companyLine = (companyId: number) => `c${companyId}`;
export const operatorUser = (companyId: number, extension: string) => `c${companyId}-${extension}`;

/** The company of a company's own SIP user: its line `c<id>` or an operator `c<id>-<ext>`. */
export function companyOfSipUser(user: string): number | null {
  const match = /^c([1-9][0-9]{0,9})(-[A-Za-z0-9_.]+)?$/.exec(user);
  return match ? Number(match[1]) : null;
}
