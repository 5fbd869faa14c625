import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { growingLru } from './lru.ts';

/**
 * Counts of failed tries (logins, cash card secrets) in fixed windows that start with the first
 * failure. The counts live in Redis when it is configured (shared by every server process), else
 * in this process's memory; while Redis is not connected or does not answer they are kept in
 * memory, so an outage neither blocks anyone nor turns the protection off.
 */

export interface Count {
  count: number;
  /** Milliseconds until the window ends (0: no window running). */
  ttlMs: number;
}

export interface FailureCounts {
  read(keys: string[]): Promise<Count[]>;
  /** Adds one to each key (starting its window when it is the first); answers the counts after. */
  hit(keys: string[], windowMs: number): Promise<Count[]>;
  /** Takes back one hit of each key (a try counted before it was known to succeed). */
  undo(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

const memoryStore = (): FailureCounts => {
  const cache = growingLru<string, { count: number; endsAt: number }>(100_000);
  const live = (key: string) => {
    const entry = cache.get(key);
    if (entry && entry.endsAt <= Date.now()) {
      cache.delete(key);
      return undefined;
    }
    return entry;
  };
  const countOf = (key: string): Count => {
    const entry = live(key);
    return entry ? { count: entry.count, ttlMs: entry.endsAt - Date.now() } : { count: 0, ttlMs: 0 };
  };
  return {
    read: async (keys) => keys.map(countOf),
    hit: async (keys, windowMs) =>
      keys.map((key) => {
        const entry = live(key);
        if (entry) entry.count += 1;
        else cache.set(key, { count: 1, endsAt: Date.now() + windowMs });
        return countOf(key);
      }),
    undo: async (keys) => {
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.count = Math.max(0, entry.count - 1);
      }
    },
    clear: async (key) => void cache.delete(key),
  };
};

/** INCR that starts the window on the first failure; answers the count and the time left. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** DECR that never goes below 0 nor makes a key without a window. */
const UNDO = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const redisStore = (redis: Redis): FailureCounts => ({
  read: async (keys) => {
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.get(key).pttl(key);
    const replies = (await pipeline.exec()) ?? [];
    return keys.map((_, i) => {
      const [getErr, value] = replies[2 * i] ?? [];
      const [ttlErr, ttl] = replies[2 * i + 1] ?? [];
      if (getErr || ttlErr) throw getErr ?? ttlErr;
      return { count: Number(value ?? 0), ttlMs: Math.max(0, Number(ttl ?? 0)) };
    });
  },
  hit: async (keys, windowMs) => {
    const counts: Count[] = [];
    for (const key of keys) {
      const [n, ttl] = (await redis.eval(HIT, 1, key, windowMs)) as [number, number];
      counts.push({ count: Number(n), ttlMs: Math.max(0, Number(ttl)) });
    }
    return counts;
  },
  undo: async (keys) => {
    for (const key of keys) await redis.eval(UNDO, 1, key);
  },
  clear: async (key) => void (await redis.del(key)),
});

/** Connected now, or within a moment while the first connection is being made. */
const redisReady = async (r: Redis) => {
  if (r.status === 'ready') return true;
  if (r.status !== 'wait' && r.status !== 'connecting' && r.status !== 'connect') return false;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      r.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, 500);
    r.once('ready', done);
  });
  return (r.status as string) === 'ready';
};

/** Failure counts in Redis when given (falling back to memory while it does not answer), else in memory. */
export const createFailureCounts = (
  redis: Redis | undefined,
  log: FastifyBaseLogger,
  what: string,
): FailureCounts => {
  const memory = memoryStore();
  const shared = redis ? redisStore(redis) : undefined;
  const run = async <T>(op: (store: FailureCounts) => Promise<T>): Promise<T> => {
    if (shared && redis && (await redisReady(redis))) {
      try {
        return await op(shared);
      } catch (err) {
        log.warn({ err }, `${what}: Redis did not answer, counting in memory`);
      }
    }
    return op(memory);
  };
  return {
    read: (keys) => run((s) => s.read(keys)),
    hit: (keys, windowMs) => run((s) => s.hit(keys, windowMs)),
    undo: (keys) => run((s) => s.undo(keys)),
    clear: (key) => run((s) => s.clear(key)),
  };
};

/** "N minutes" (at least 1) for a wait of `ms`. */
export const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};
