import { describe, expect, it } from 'vitest';
import { formatBucharest } from './dates';

describe('formatBucharest (the order history in Bucharest time)', () => {
  it('shows a stored UTC time as DD.MM.YYYY HH:mm in Bucharest, midnight as 00', () => {
    expect(formatBucharest('2026-11-24 22:00:00')).toBe('25.11.2026 00:00');
    expect(formatBucharest('2026-07-01 08:30:00')).toBe('01.07.2026 11:30');
    expect(formatBucharest(null)).toBe('—');
  });
});
