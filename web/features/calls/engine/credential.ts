import type { SipSettings } from '@common/calls/calls.schema';

export type AvailableSipSettings = Extract<SipSettings, { available: true }>;

/** Longest wait before reading the settings again (a timer's delay must stay < 2^31 ms). */
const MAX_RENEW_DELAY_MS = 6 * 3600_000;

/**
 * When to fetch the next credential (docs/CALLS.md: "fetches a new one before it expires"):
 * a fifth of its remaining life before the end, at least 15 s and at most 5 min before, never
 * sooner than 5 s from now (a clock skew or a tiny TTL must not make a busy loop) and at least
 * every 6 hours.
 */
export function renewDelayMs(expiresAt: string, now: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return 60_000;
  const remaining = expires - now;
  const lead = Math.min(300_000, Math.max(15_000, remaining / 5));
  return Math.min(MAX_RENEW_DELAY_MS, Math.max(5_000, remaining - lead));
}

/**
 * A new credential for the same SIP account and server only changes the authorization user
 * and password, which JsSIP's UA.set() accepts at run time; anything else needs a new UA.
 */
export const sameAccount = (a: AvailableSipSettings, b: AvailableSipSettings) =>
  a.uri === b.uri && a.websocket === b.websocket;

/** 'sip:c1-101@pbx.example;transport=ws' → 'pbx.example'. */
export function sipDomain(uri: string): string | null {
  const match = /^sips?:(?:[^@]*@)?([^;?>]+)/i.exec(uri.trim());
  return match?.[1] ?? null;
}

/**
 * The SIP URI a callback dials: the number as the missed call has it (docs/CALLS.md: callers
 * register under their number), at the operator's own domain. Only the characters a phone
 * number has are kept, so nothing else can be smuggled into the URI.
 */
export function callbackTarget(phone: string, ownUri: string): string | null {
  const user = phone.replace(/[^0-9+]/g, '');
  const domain = sipDomain(ownUri);
  return user && domain ? `sip:${user}@${domain}` : null;
}
