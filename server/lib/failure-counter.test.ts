import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from './failure-counter';

/**
 * The counter decides and counts in one step, so parallel attempts never
 * pass a limit; the Redis counter too when TEST_REDIS_URL is set.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const run = randomBytes(4).toString('hex');
let seq = 0;
const freshKey = () => `test-${run}-${++seq}`;

let redis: RedisClientType | undefined;
beforeAll(async () => {
  if (!REDIS_URL) return;
  redis = createClient({ url: REDIS_URL });
  await redis.connect();
});
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`ogo:login-failures:test-${run}-*`);
  if (keys.length > 0) await redis.del(keys);
  await redis.quit();
});

const counters: { name: string; make: (windowMs: number) => FailureCounter }[] = [
  { name: 'in memory', make: (windowMs) => memoryFailureCounter(windowMs) },
  ...(REDIS_URL
    ? [
        {
          name: 'on Redis',
          make: (windowMs: number) => {
            if (!redis) throw new Error('Redis is not connected');
            return redisFailureCounter(redis, windowMs);
          },
        },
      ]
    : []),
];

describe.each(counters)('the failure counter $name', ({ make }) => {
  it('allows no more than the limit out of a burst of parallel attempts', async () => {
    const counter = make(60_000);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => counter.reserve([{ key, max: 10 }])),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
  });

  it('counts an attempt on every key or on none: a refused one takes no place', async () => {
    const counter = make(60_000);
    const [narrow, wide] = [freshKey(), freshKey()];
    for (let i = 0; i < 2; i++) {
      expect((await counter.reserve([{ key: narrow, max: 2 }])).allowed).toBe(true);
    }
    // Refused on the narrow key: the wide key is not counted for it.
    for (let i = 0; i < 5; i++) {
      const both = [
        { key: wide, max: 3 },
        { key: narrow, max: 2 },
      ];
      expect((await counter.reserve(both)).allowed).toBe(false);
    }
    for (let i = 0; i < 3; i++) {
      expect((await counter.reserve([{ key: wide, max: 3 }])).allowed).toBe(true);
    }
    expect((await counter.reserve([{ key: wide, max: 3 }])).allowed).toBe(false);
  });

  it('gives a released attempt back, once however often it is released', async () => {
    const counter = make(60_000);
    const key = freshKey();
    const first = await counter.reserve([{ key, max: 2 }]);
    await counter.reserve([{ key, max: 2 }]);
    expect((await counter.reserve([{ key, max: 2 }])).allowed).toBe(false);
    await first.release();
    await first.release();
    expect((await counter.reserve([{ key, max: 2 }])).allowed).toBe(true);
    expect((await counter.reserve([{ key, max: 2 }])).allowed).toBe(false);
  });

  it('starts again after its window, and after a reset', async () => {
    const counter = make(300);
    const [key, other] = [freshKey(), freshKey()];
    await counter.reserve([{ key, max: 1 }]);
    await counter.reserve([{ key: other, max: 1 }]);
    expect((await counter.reserve([{ key, max: 1 }])).allowed).toBe(false);
    await counter.reset(other);
    expect((await counter.reserve([{ key: other, max: 1 }])).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await counter.reserve([{ key, max: 1 }])).allowed).toBe(true);
  });
});

describe('the Redis counter without Redis', () => {
  it('falls back to the node’s own memory: the limit still holds, it does not fail open', async () => {
    // Never connected: every command fails as with Redis down.
    const away: RedisClientType = createClient({ url: 'redis://127.0.0.1:1' });
    const counter = redisFailureCounter(away, 60_000);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => counter.reserve([{ key, max: 5 }])),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
    await answers[0]?.release();
    expect((await counter.reserve([{ key, max: 5 }])).allowed).toBe(true);
  });
});
