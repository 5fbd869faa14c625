import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

/** The Redis the tests of shared counts use; they are skipped when it cannot be reached. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const s = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
  s.on('connect', () => resolve(Boolean(s.end())));
  s.on('error', () => resolve(false));
  s.on('timeout', () => resolve(Boolean(s.destroy()) && false));
});

/**
 * A Redis key prefix (REDIS_KEY_PREFIX) of this test file's own, so test files (and runs in other
 * checkouts) sharing the Redis may run at once without counting each other's requests.
 */
export const testRedisKeyPrefix = (file: string) => `test-${file}-${randomUUID().slice(0, 8)}-`;

/** Deletes the keys under `prefix` (a file's `testRedisKeyPrefix`) once it is done. */
export const dropRedisKeys = async (prefix: string) => {
  if (!redisReachable) return;
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
};
