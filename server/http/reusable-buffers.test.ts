import { describe, expect, it } from 'vitest';
import { ReusableBuffers } from './reusable-buffers';

describe('reusable page buffers', () => {
  it('joins parts, and hands a buffer out again only once it is released', () => {
    const pool = new ReusableBuffers(64, 4);
    const first = pool.join([Buffer.from('{"data":['), Buffer.from('1'), Buffer.from(']}')]);
    expect(first.bytes.toString()).toBe('{"data":[1]}');
    // Not released: a second page gets other memory, and the first keeps its bytes.
    const second = pool.join([Buffer.from('{"data":[2]}')]);
    expect(first.bytes.toString()).toBe('{"data":[1]}');
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    first.release();
    first.release(); // twice is once
    expect(pool.freeCount).toBe(1);
    const third = pool.join([Buffer.from('{"data":[3]}')]);
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    expect(third.bytes.toString()).toBe('{"data":[3]}');
    expect(pool.freeCount).toBe(0);
  });

  it('makes a buffer big enough for a page larger than any free one, and keeps a bounded few', () => {
    const pool = new ReusableBuffers(16, 2);
    const pages = [1, 2, 3].map(() => pool.join([Buffer.alloc(10, 'a')]));
    for (const page of pages) page.release();
    expect(pool.freeCount).toBe(2);
    const big = pool.join([Buffer.alloc(40, 'b')]);
    expect(big.bytes.length).toBe(40);
    expect(pool.freeCount).toBe(2);
  });
});
