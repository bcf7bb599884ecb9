import { describe, expect, it } from 'vitest';
import { packetBucket } from './flood-guard';

describe('packetBucket (socket event floods)', () => {
  const limit = { packets: 50, windowMs: 10_000 };

  it('allows a burst of `packets`, then refuses until the bucket refills', () => {
    let now = 0;
    const allow = packetBucket(limit, () => now);
    const burst = Array.from({ length: 60 }, () => allow());
    expect(burst.filter(Boolean)).toHaveLength(50);
    expect(burst.slice(50)).toEqual(Array(10).fill(false));
    now += 200; // 10 s / 50: one packet's worth
    expect([allow(), allow()]).toEqual([true, false]);
  });

  it('never refuses a driver sending a position every 2 s, with an ack now and then', () => {
    let now = 0;
    const allow = packetBucket(limit, () => now);
    const answers: boolean[] = [];
    for (let second = 0; second < 3_600; second += 2) {
      now = second * 1000;
      answers.push(allow());
      if (second % 10 === 0) answers.push(allow(), allow());
    }
    expect(answers.every(Boolean)).toBe(true);
  });
});
