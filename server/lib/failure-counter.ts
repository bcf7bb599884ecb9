import type { RedisClientType } from 'redis';

/** One count and its ceiling within the window. */
export interface Limit {
  key: string;
  max: number;
}

/** What `reserve` decided: an allowed attempt is counted until (unless) it is released. */
export interface Reservation {
  allowed: boolean;
  /** Takes the attempt back off every count (a success of a failures-only limit); once. */
  release(): Promise<void>;
}

/**
 * Counts attempts per key within a fixed window: logins, sign-ups, report-link misses.
 * In memory on one node; in Redis when the app is scaled out, so
 * every node sees the same count.
 *
 * There is no "read the count, then add": a burst of parallel requests would all read the same
 * count and all pass. `reserve` counts and decides in one atomic step, before the work it
 * guards; a failures-only limit releases the reservation when the attempt turns out right.
 */
export interface FailureCounter {
  /**
   * One attempt against every limit at once: allowed when each key is below its max, and then
   * counted on every key; refused otherwise, and then counted on none.
   */
  reserve(limits: readonly Limit[]): Promise<Reservation>;
  reset(key: string): Promise<void>;
}

const refused: Reservation = { allowed: false, release: async () => {} };

/** A release that runs its work at most once, whoever calls it how often. */
const once = (work: () => Promise<void>) => {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await work();
  };
};

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
    // Synchronous from the check to the last increment: no other request runs in between.
    reserve: async (limits) => {
      if (limits.some(({ key, max }) => (live(key)?.count ?? 0) >= max)) return refused;
      const taken = limits.map(({ key }) => {
        const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
        entry.count += 1;
        entries.set(key, entry);
        return { key, entry };
      });
      return {
        allowed: true,
        release: once(async () => {
          // Only the window it was counted in: a new window owes it nothing.
          for (const { key, entry } of taken) {
            if (entries.get(key) === entry && entry.count > 0) entry.count -= 1;
          }
        }),
      };
    },
    reset: async (key) => {
      entries.delete(key);
    },
  };
}

/** Refused if any key is at its max; else every key counted, its window started on the first. */
const RESERVE = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 1`;

const RELEASE = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 1 then redis.call('DECR', key) elseif count == 1 then redis.call('DEL', key) end
end
return 1`;

/**
 * Redis-backed counter: each reserve and release is one Lua script, atomic on the server
 * whichever node sends it. If Redis fails, it falls back to the node's own memory counter:
 * limits stay enforced per node instead of failing open.
 */
export function redisFailureCounter(redis: RedisClientType, windowMs: number): FailureCounter {
  const fallback = memoryFailureCounter(windowMs);
  const prefix = 'ogo:login-failures:';
  return {
    reserve: async (limits) => {
      const keys = limits.map(({ key }) => prefix + key);
      let allowed: boolean;
      try {
        const reply = await redis.eval(RESERVE, {
          keys,
          arguments: [String(windowMs), ...limits.map(({ max }) => String(max))],
        });
        allowed = Number(reply) === 1;
      } catch {
        return fallback.reserve(limits);
      }
      if (!allowed) return refused;
      return {
        allowed,
        release: once(async () => {
          // Not released (Redis away): the attempt stays counted, the safe side.
          await redis.eval(RELEASE, { keys }).catch(() => undefined);
        }),
      };
    },
    reset: async (key) => {
      try {
        await redis.del(prefix + key);
      } catch {
        await fallback.reset(key);
      }
    },
  };
}
