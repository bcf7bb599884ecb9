import { describe, expect, it } from 'vitest';
import {
  formatPercentInput,
  PERCENT_INPUT_ERROR,
  parsePercent,
  parseSignedRon,
} from './amount-inputs';

describe('parsePercent', () => {
  it.each([
    ['15', 1500],
    ['12,5', 1250],
    ['12.55', 1255],
    ['0,01', 1],
    ['100', 10_000],
    [' 7 % ', 700],
    ['', 0],
  ])('%s → %i basis points', (text, bp) => {
    expect(parsePercent(text)).toEqual({ ok: true, bp });
  });

  it.each(['12,555', 'cincisprezece', '-5', '1,2,3', '1000'])('refuses %s', (text) => {
    expect(parsePercent(text)).toEqual({ ok: false, error: PERCENT_INPUT_ERROR });
  });

  it('shows basis points as typed back', () => {
    expect(formatPercentInput(1500)).toBe('15');
    expect(formatPercentInput(1250)).toBe('12,5');
    expect(formatPercentInput(1255)).toBe('12,55');
    expect(formatPercentInput(5)).toBe('0,05');
    expect(formatPercentInput(undefined)).toBe('');
    for (const bp of [0, 1, 99, 1250, 1255, 10_000]) {
      expect(parsePercent(formatPercentInput(bp))).toEqual({ ok: true, bp });
    }
  });
});

describe('parseSignedRon', () => {
  it('takes a balance below zero', () => {
    expect(parseSignedRon('-50,00')).toEqual({ ok: true, bani: -5000 });
    expect(parseSignedRon(' −12,5')).toEqual({ ok: true, bani: -1250 });
    expect(parseSignedRon('20')).toEqual({ ok: true, bani: 2000 });
    expect(parseSignedRon('--5').ok).toBe(false);
    expect(parseSignedRon('-').ok).toBe(false);
  });
});
