import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@mall/shared/contract/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { tooManyRequests } from '../../lib/errors.ts';
import { sha256 } from './tokens.ts';

/**
 * Brute-force protection of the logins: after LOGIN_MAX_FAILURES_PER_ACCOUNT failures for one
 * account, or LOGIN_MAX_FAILURES_PER_ADDRESS from one client address, within
 * LOGIN_FAILURE_WINDOW_SECONDS (a fixed window from the first failure), logins answer 429 with
 * Retry-After, even with the right password. A success clears the account's count.
 * The counts live in Redis when REDIS_URL is set (shared by every process), else in memory.
 */

interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

interface FailureStore {
  read(keys: string[]): Promise<Count[]>;
  hit(keys: string[], windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

const memoryStore = (): FailureStore => {
  const cache = new LRUCache<string, { count: number; endsAt: number }>({ max: 100_000 });
  const live = (key: string) => {
    const entry = cache.get(key);
    if (entry && entry.endsAt <= Date.now()) {
      cache.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    read: async (keys) =>
      keys.map((key) => {
        const entry = live(key);
        return entry ? { count: entry.count, ttlMs: entry.endsAt - Date.now() } : { count: 0, ttlMs: 0 };
      }),
    hit: async (keys, windowMs) => {
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.count += 1;
        else cache.set(key, { count: 1, endsAt: Date.now() + windowMs });
      }
    },
    clear: async (key) => void cache.delete(key),
  };
};

/** INCR that starts the window on the first failure. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

const redisStore = (redis: Redis): FailureStore => ({
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
    for (const key of keys) await redis.eval(HIT, 1, key, windowMs);
  },
  clear: async (key) => void (await redis.del(key)),
});

export interface LoginGuard {
  /** 429 when the account or the address has used up its failures. */
  check(account: string, ip: string): Promise<void>;
  failed(account: string, ip: string): Promise<void>;
  succeeded(account: string): Promise<void>;
}

/** `keyPrefix`: what this app's Redis keys start with (config: REDIS_KEY_PREFIX). */
export const createLoginGuard = (
  redis: Redis | undefined,
  keyPrefix: string,
  log: FastifyBaseLogger,
): LoginGuard => {
  const prefix = `${keyPrefix}login-`;
  const memory = memoryStore();
  const shared = redis ? redisStore(redis) : undefined;
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
  /**
   * Redis, falling back to this process's memory while Redis is not connected or does not answer,
   * so a Redis outage neither blocks logins nor turns the protection off.
   */
  const run = async <T>(op: (store: FailureStore) => Promise<T>): Promise<T> => {
    if (shared && redis && (await redisReady(redis))) {
      try {
        return await op(shared);
      } catch (err) {
        log.warn({ err }, 'login failure counts: Redis did not answer, counting in memory');
      }
    }
    return op(memory);
  };
  const accountKey = (account: string) => `${prefix}a:${sha256(account.trim().toLowerCase())}`;
  const addressKey = (ip: string) => `${prefix}ip:${ip}`;
  const windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

  return {
    check: async (account, ip) => {
      const [byAccount, byAddress] = await run((s) => s.read([accountKey(account), addressKey(ip)]));
      const blocked = [
        byAccount!.count >= LOGIN_MAX_FAILURES_PER_ACCOUNT ? byAccount!.ttlMs : 0,
        byAddress!.count >= LOGIN_MAX_FAILURES_PER_ADDRESS ? byAddress!.ttlMs : 0,
      ];
      const waitMs = Math.max(...blocked);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw tooManyRequests(
          `Too many failed logins. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
          waitMs / 1000,
        );
      }
    },
    failed: (account, ip) => run((s) => s.hit([accountKey(account), addressKey(ip)], windowMs)),
    succeeded: (account) => run((s) => s.clear(accountKey(account))),
  };
};
