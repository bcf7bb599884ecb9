import { describe, expect, it } from 'vitest';
import { parseIntList } from './int-list';

describe('parseIntList', () => {
  it('reads the integers in order, up to the limit, and counts them all', () => {
    expect(parseIntList('', 10)).toEqual({ values: new Int32Array(0), count: 0 });
    expect(parseIntList('0', 10)).toEqual({ values: Int32Array.from([0]), count: 1 });
    expect(parseIntList('1042,7,0,2147483647', 10)).toEqual({
      values: Int32Array.from([1042, 7, 0, 2147483647]),
      count: 4,
    });
    expect(parseIntList('5,4,3,2,1', 3)).toEqual({ values: Int32Array.from([5, 4, 3]), count: 5 });
  });

  it('refuses anything but digits and commas', () => {
    expect(() => parseIntList('1,-2', 10)).toThrow();
    expect(() => parseIntList('1, 2', 10)).toThrow();
  });
});
