import { describe, expect, it } from 'vitest';
import { formatRon } from './money';

describe('formatRon', () => {
  it("defaults to '0,00 RON' (side panel)", () => {
    expect(formatRon(null)).toBe('0,00 RON');
    expect(formatRon(undefined)).toBe('0,00 RON');
  });
  it('formats bani with a decimal comma and thousands dots', () => {
    expect(formatRon(1550)).toBe('15,50 RON');
    expect(formatRon(123456789)).toBe('1.234.567,89 RON');
    expect(formatRon(-250)).toBe('-2,50 RON');
  });
});
