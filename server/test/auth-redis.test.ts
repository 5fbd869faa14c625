import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLoginGuard } from '../src/lib/login-guard.ts';
import { randomIp, registerMember, uniqueEmail } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisKeyPrefix } from './redis.ts';

const REDIS_KEY_PREFIX = testRedisKeyPrefix('auth-redis');
const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const s of servers) await s.close();
  await dropRedisKeys(REDIS_KEY_PREFIX);
});

const loginOn = (app: FastifyInstance, account: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/sys/auth/retail/login',
    payload: { account, password },
    remoteAddress: ip,
  });

/** Two server processes on one database, both with `redisUrl` (under this file's own keys). */
const twoProcesses = async (redisUrl: string) => {
  const a = await startTestServer({ env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX } });
  servers.push(a);
  const b = await buildApp({ config: a.config, database: a.database, logger: false });
  apps.push(b);
  await b.ready();
  return { server: a, a: a.app, b };
};

describe(`login failure counts shared through Redis (${testDbKind})`, () => {
  it.skipIf(!redisReachable)('counts an account’s failures across two server processes', async () => {
    const { server, a, b } = await twoProcesses(REDIS_URL);
    const m = await registerMember(server, 'retail');
    for (const app of [a, b, a, b, a]) {
      expect((await loginOn(app, m.member.userAccount, 'wrong-password', randomIp())).statusCode).toBe(401);
    }
    for (const app of [b, a]) {
      const res = await loginOn(app, m.member.userAccount, m.password, randomIp());
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many failed logins. Please try again in 15 minutes.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(880);
    }
  });

  it.skipIf(!redisReachable)(
    'checks only 5 of 40 parallel wrong logins sent to two server processes',
    async () => {
      const { server, a, b } = await twoProcesses(REDIS_URL);
      const m = await registerMember(server, 'retail');
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          loginOn(i % 2 ? a : b, m.member.userAccount, 'wrong-password', randomIp()),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    },
  );

  it.skipIf(!redisReachable)('counts an address’s failures across two server processes', async () => {
    const { server, a, b } = await twoProcesses(REDIS_URL);
    const m = await registerMember(server, 'retail');
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await loginOn(app, uniqueEmail('spray'), 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect((await loginOn(a, m.member.userAccount, m.password, ip)).statusCode).toBe(429);
    expect((await loginOn(b, m.member.userAccount, m.password, ip)).statusCode).toBe(429);
    expect((await loginOn(b, m.member.userAccount, m.password, randomIp())).statusCode).toBe(200);
  });

  it('keeps counting in memory while Redis is not connected (an outage neither blocks logins nor lifts the limit)', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { connectTimeout: 500, maxRetriesPerRequest: 1 });
    dead.on('error', () => {});
    try {
      const guard = createLoginGuard(dead, REDIS_KEY_PREFIX, {
        warn: () => {},
      } as unknown as FastifyBaseLogger);
      const account = uniqueEmail('outage');
      const started = Date.now();
      // Five tries taken and never succeeded: five failures.
      for (let i = 0; i < 5; i++) await guard.take(account, '10.0.0.1');
      await expect(guard.take(account, '10.0.0.2')).rejects.toMatchObject({
        status: 429,
        message: 'Too many failed logins. Please try again in 15 minutes.',
      });
      await guard.cleared(account);
      await (await guard.take(account, '10.0.0.2')).succeeded();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      dead.disconnect();
    }
  });
});
