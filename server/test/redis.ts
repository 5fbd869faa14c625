import net from 'node:net';

/** The Redis the tests of shared counts use; they are skipped when it cannot be reached. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const s = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
  s.on('connect', () => resolve(Boolean(s.end())));
  s.on('error', () => resolve(false));
  s.on('timeout', () => resolve(Boolean(s.destroy()) && false));
});
