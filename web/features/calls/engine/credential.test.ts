import { describe, expect, it } from 'vitest';
import { callbackTarget, renewDelayMs, sipDomain } from './credential';

describe('credential renewal (docs/CALLS.md)', () => {
  const now = Date.parse('2030-01-01T09:00:00Z');

  it('renews a fifth of the remaining life before the end, 15 s to 5 min ahead', () => {
    // One hour left: 5 minutes before (the cap).
    expect(renewDelayMs('2030-01-01T10:00:00Z', now)).toBe(55 * 60_000);
    // Ten minutes left: two minutes before.
    expect(renewDelayMs('2030-01-01T09:10:00Z', now)).toBe(8 * 60_000);
    // One minute left: 15 s before.
    expect(renewDelayMs('2030-01-01T09:01:00Z', now)).toBe(45_000);
    // Already expired or about to: soon, but never a busy loop.
    expect(renewDelayMs('2030-01-01T08:00:00Z', now)).toBe(5_000);
    // Far away (or a wrong clock): read again within 6 hours, inside a timer's range.
    expect(renewDelayMs('2031-01-01T08:00:00Z', now)).toBe(6 * 3600_000);
  });
});

describe('callback target', () => {
  it('calls the number as the missed call has it, at the operator’s domain', () => {
    expect(sipDomain('sip:c1-101@pbx.test;transport=ws')).toBe('pbx.test');
    expect(callbackTarget('+40 722-111 222', 'sip:c1-101@pbx.test')).toBe(
      'sip:+40722111222@pbx.test',
    );
    expect(callbackTarget('<script>', 'sip:c1-101@pbx.test')).toBeNull();
  });
});
