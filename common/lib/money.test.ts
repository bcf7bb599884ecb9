import { describe, expect, it } from 'vitest';
import { formatRon, formatRonInput, parseRon } from './money';

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

describe('parseRon', () => {
  it('reads RON typed with a comma or a dot as integer bani', () => {
    expect(parseRon('2,80')).toEqual({ ok: true, bani: 280 });
    expect(parseRon('2.80')).toEqual({ ok: true, bani: 280 });
    expect(parseRon('12')).toEqual({ ok: true, bani: 1200 });
    expect(parseRon('0,5')).toEqual({ ok: true, bani: 50 });
    expect(parseRon(' 45,00 ')).toEqual({ ok: true, bani: 4500 });
    expect(parseRon('7,')).toEqual({ ok: true, bani: 700 });
  });
  it('keeps exact bani where floating point would not (0,29 × 100 = 28.999…)', () => {
    expect(parseRon('0,29')).toEqual({ ok: true, bani: 29 });
    expect(parseRon('1,13')).toEqual({ ok: true, bani: 113 });
  });
  it('refuses what is not an amount with a clear message', () => {
    for (const bad of ['', 'abc', '2,805', '-3', '1.234,50', '2,8a', ',50']) {
      expect(parseRon(bad), bad).toEqual({ ok: false, error: 'Introduceți o sumă, de ex. 2,80' });
    }
  });
});

describe('formatRonInput', () => {
  it('writes bani as an input holds them, and null as empty', () => {
    expect(formatRonInput(280)).toBe('2,80');
    expect(formatRonInput(50)).toBe('0,50');
    expect(formatRonInput(123456)).toBe('1234,56');
    expect(formatRonInput(0)).toBe('0,00');
    expect(formatRonInput(null)).toBe('');
  });
  it('reads back what it writes', () => {
    for (const bani of [0, 5, 99, 100, 3219, 1_000_000]) {
      expect(parseRon(formatRonInput(bani))).toEqual({ ok: true, bani });
    }
  });
});
