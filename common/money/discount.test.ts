import { describe, expect, it } from 'vitest';
import { discountOn } from './discount';

describe('discountOn', () => {
  it('takes a percentage in basis points, rounded half up to whole bani', () => {
    // 10% of 32,19 RON = 3,219 → 3,22 RON.
    expect(discountOn(3219, { kind: 'percent', value: 1000, max_amount: null })).toBe(322);
    // 12,5% of 1,00 RON = 12,5 bani → 13 (half up).
    expect(discountOn(100, { kind: 'percent', value: 1250, max_amount: null })).toBe(13);
    // 12,5% of 0,99 RON = 12,375 bani → 12.
    expect(discountOn(99, { kind: 'percent', value: 1250, max_amount: null })).toBe(12);
  });

  it('caps a percentage at max_amount', () => {
    expect(discountOn(50_000, { kind: 'percent', value: 1000, max_amount: 2000 })).toBe(2000);
    expect(discountOn(3219, { kind: 'percent', value: 1000, max_amount: 2000 })).toBe(322);
  });

  it('takes a fixed amount, never more than the fare', () => {
    expect(discountOn(3219, { kind: 'fixed', value: 500, max_amount: null })).toBe(500);
    expect(discountOn(300, { kind: 'fixed', value: 500, max_amount: null })).toBe(300);
  });

  it('takes all of the fare at 100%, and nothing off a free fare', () => {
    expect(discountOn(3219, { kind: 'percent', value: 10_000, max_amount: null })).toBe(3219);
    expect(discountOn(0, { kind: 'fixed', value: 500, max_amount: null })).toBe(0);
  });
});
