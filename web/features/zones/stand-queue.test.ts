import { describe, expect, it } from 'vitest';
import { queueSince } from './stand-queue';

describe('queueSince (stored UTC, shown local, 24 h)', () => {
  it('shows a stored UTC time as local HH:mm', () => {
    const local = new Date(Date.UTC(2026, 10, 26, 6, 5, 0));
    const expected = `${String(local.getHours()).padStart(2, '0')}:05`;
    expect(queueSince('2026-11-26 06:05:00')).toBe(expected);
    expect(queueSince('2026-11-26T06:05:00.000Z')).toBe(expected);
  });

  it('shows a dash for what is not a time', () => {
    expect(queueSince('')).toBe('—');
    expect(queueSince('ieri')).toBe('—');
  });
});
