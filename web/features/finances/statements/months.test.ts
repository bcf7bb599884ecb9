import { describe, expect, it } from 'vitest';
import { currentMonth, monthLabel, monthOf, monthsBefore } from './months';

describe('statement months', () => {
  it('names a month in Romanian and counts back across a year', () => {
    expect(monthLabel('2026-11')).toBe('noiembrie 2026');
    expect(monthsBefore('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('takes the month on the Bucharest clock, and ignores a month the server would refuse', () => {
    // 30.11.2026 22:30 UTC is already 1 December in Bucharest.
    const now = new Date('2026-11-30T22:30:00Z');
    expect(currentMonth(now)).toBe('2026-12');
    expect(monthOf('2026-13', now)).toBe('2026-12');
    expect(monthOf('2025-07', now)).toBe('2025-07');
  });
});
