import type { RedisClientType } from 'redis';

/**
 * Counts failures per key within a fixed window (login rate limit, research T14/R41).
 * In memory on one node; in Redis when the app is scaled out, so every node sees the same count.
 */
export interface FailureCounter {
  count(key: string): Promise<number>;
  add(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryFailureCounter(
  windowMs: number,
  now: () => number = Date.now,
): FailureCounter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Forget expired keys now and then, so a spray of unknown e-mails cannot grow the map forever.
  const sweep = setInterval(
    () => {
      const t = now();
      for (const [key, entry] of entries) if (entry.resetAt <= t) entries.delete(key);
    },
    Math.max(windowMs, 1000),
  );
  sweep.unref();
  return {
    count: async (key) => live(key)?.count ?? 0,
    add: async (key) => {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    reset: async (key) => {
      entries.delete(key);
    },
  };
}

/**
 * Redis-backed counter. If Redis fails, it falls back to the node's own memory counter:
 * limits stay enforced per node instead of failing open (research R43).
 */
export function redisFailureCounter(redis: RedisClientType, windowMs: number): FailureCounter {
  const fallback = memoryFailureCounter(windowMs);
  const prefix = 'ogo:login-failures:';
  const guard = async <T>(work: () => Promise<T>, onError: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      return onError();
    }
  };
  return {
    count: (key) =>
      guard(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => fallback.count(key),
      ),
    add: (key) =>
      guard(
        async () => {
          const [count] = await redis
            .multi()
            .incr(prefix + key)
            .pExpire(prefix + key, windowMs, 'NX')
            .exec();
          return Number(count);
        },
        () => fallback.add(key),
      ),
    reset: (key) =>
      guard(
        async () => void (await redis.del(prefix + key)),
        () => fallback.reset(key),
      ),
  };
}
