import { describe, expect, it } from 'vitest';
import { ordersCount } from './plural';

describe('Romanian plurals of a count', () => {
  it('says 1 comandă, 2 comenzi, 20 de comenzi', () => {
    expect(ordersCount(0)).toBe('0 comenzi');
    expect(ordersCount(1)).toBe('1 comandă');
    expect(ordersCount(2)).toBe('2 comenzi');
    expect(ordersCount(19)).toBe('19 comenzi');
    expect(ordersCount(20)).toBe('20 de comenzi');
    expect(ordersCount(100)).toBe('100 de comenzi');
    expect(ordersCount(101)).toBe('101 comenzi');
    expect(ordersCount(1021)).toBe('1021 de comenzi');
  });
});
