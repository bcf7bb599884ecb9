import { describe, expect, it } from 'vitest';
import { expiryState, formatDay } from './expiry';

describe('expiryState', () => {
  const now = new Date(2026, 10, 26, 12, 0); // 26.11.2026
  it('flags a past day, a day within 30 days (today included), and leaves later ones', () => {
    expect(expiryState('2026-11-25', now)).toBe('expired');
    expect(expiryState('2026-11-26', now)).toBe('soon');
    expect(expiryState('2026-12-26', now)).toBe('soon');
    expect(expiryState('2026-12-27', now)).toBe('ok');
    expect(expiryState(null, now)).toBe('none');
  });
  it('shows DD.MM.YYYY', () => {
    expect(formatDay('2027-03-01')).toBe('01.03.2027');
    expect(formatDay(null)).toBe('—');
  });
});
