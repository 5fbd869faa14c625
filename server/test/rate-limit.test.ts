import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisKeyPrefix } from './redis.ts';

const REDIS_KEY_PREFIX = testRedisKeyPrefix('rate-limit');
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  await dropRedisKeys(REDIS_KEY_PREFIX);
});

const route = '/api/supplier/website/name/list';

describe(`rate limits (${testDbKind})`, () => {
  it('answers 429 with a retry time once a client passes the limit, and spares the no-op route', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    servers.push(server);
    for (let i = 0; i < 3; i++) expect((await server.call(route)).status).toBe(200);
    const limited = await server.call(route);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 429, data: null });
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in \d+ s\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await server.call('/api/sys/ping')).status).toBe(200);
  });

  it('limits a percent-encoded path like the path it reaches (the matched route decides)', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    servers.push(server);
    const encoded = '/%61pi/supplier/website/name/list';
    for (let i = 0; i < 3; i++) expect((await server.call(encoded)).status).toBe(200);
    expect((await server.call(encoded)).status).toBe(429);
    expect((await server.call(route)).status).toBe(429);
  });

  it("keeps a route's own limit on its percent-encoded path (codes sent per client address)", async () => {
    const server = await startTestServer({ env: { CODE_SENDS_PER_MINUTE: '2' } });
    servers.push(server);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.call({
        method: 'PATCH',
        url: `/%61pi/sys/message/send/code/code${i}%40example.co.nz?purpose=register`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it.skipIf(!redisReachable)('shares the count between server processes through Redis', async () => {
    // This file's own keys: no other test file's requests count here.
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL, REDIS_KEY_PREFIX };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env });
    servers.push(a, b);
    expect((await a.call(route)).status).toBe(200);
    expect((await b.call(route)).status).toBe(200);
    expect((await a.call(route)).status).toBe(200);
    expect((await b.call(route)).status).toBe(200);
    expect((await a.call(route)).status).toBe(429);
    expect((await b.call(route)).status).toBe(429);
  });
});
