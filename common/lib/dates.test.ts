import { describe, expect, it } from 'vitest';
import { bucharestParts, fromUtcString } from './dates';

describe('bucharestParts', () => {
  it('gives Bucharest wall-clock parts, midnight as 00, in winter and summer time', () => {
    expect(bucharestParts(fromUtcString('2026-11-24 22:00:00'))).toEqual({
      year: '2026',
      month: '11',
      day: '25',
      hour: '00',
      minute: '00',
      second: '00',
    });
    expect(bucharestParts(fromUtcString('2026-07-01 21:05:09'))).toMatchObject({
      day: '02',
      hour: '00',
      minute: '05',
      second: '09',
    });
  });
});
