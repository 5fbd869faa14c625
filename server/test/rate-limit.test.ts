import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisKeyPrefix } from './redis.ts';

const REDIS_KEY_PREFIX = testRedisKeyPrefix('rate-limit');
// Each test starts an app with its own limits; they count in each app's memory (or in Redis under
// this file's keys), so the apps share one database, the first one's.
const servers: TestServer[] = [];
const startLimitedServer = async (env: Record<string, string>) => {
  const server = await startTestServer({ env, ...(servers[0] ? { sameDatabaseAs: servers[0] } : {}) });
  servers.push(server);
  return server;
};
afterAll(async () => {
  // The first server's database outlives the apps on it.
  for (const s of servers.toReversed()) await s.close();
  await dropRedisKeys(REDIS_KEY_PREFIX);
});

const route = '/api/supplier/website/name/list';

describe(`rate limits (${testDbKind})`, () => {
  it('answers 429 with a retry time once a client passes the limit, and spares the no-op route', async () => {
    const server = await startLimitedServer({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const res = await server.call(route);
      expect(res.status).toBe(200);
      // The counts go out with a refusal only.
      expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    }
    const limited = await server.call(route);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 429, data: null });
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in \d+ s\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect((await server.call('/api/sys/ping')).status).toBe(200);
  });

  it('limits a percent-encoded path like the path it reaches (the matched route decides)', async () => {
    const server = await startLimitedServer({ RATE_LIMIT_PER_MINUTE: '3' });
    const encoded = '/%61pi/supplier/website/name/list';
    for (let i = 0; i < 3; i++) expect((await server.call(encoded)).status).toBe(200);
    expect((await server.call(encoded)).status).toBe(429);
    expect((await server.call(route)).status).toBe(429);
  });

  it("keeps a route's own limit on its percent-encoded path (codes sent per client address)", async () => {
    const server = await startLimitedServer({ CODE_SENDS_PER_MINUTE: '2' });
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

  it('counts an IPv6 client per /64: its other addresses share the count, the next /64 does not', async () => {
    const server = await startLimitedServer({ RATE_LIMIT_PER_MINUTE: '3' });
    const from = (remoteAddress: string) => server.call({ url: route, remoteAddress });
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:1:2:3']) {
      expect((await from(ip)).status).toBe(200);
    }
    expect((await from('2001:0db8:0001:0002:0000:0000:0000:abcd')).status).toBe(429);
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
  });

  it('believes X-Forwarded-For only as far as TRUST_PROXY says: a hop count ignores what the client wrote itself', async () => {
    const server = await startLimitedServer({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    // The proxy (10.9.9.9) appends the address it saw; the client makes up the left-most.
    const via = (spoofed: string) =>
      server.call({
        url: route,
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.7` },
      });
    for (let i = 0; i < 3; i++) expect((await via(`198.51.100.${i}`)).status).toBe(200);
    expect((await via('198.51.100.99')).status).toBe(429);
    const other = await server.call({
      url: route,
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.status).toBe(200);
  });

  it('believes X-Forwarded-For from the listed proxy addresses only', async () => {
    const server = await startLimitedServer({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '10.9.0.0/16' });
    const call = (remoteAddress: string, xff: string) =>
      server.call({ url: route, remoteAddress, headers: { 'x-forwarded-for': xff } });
    expect((await call('10.9.0.1', '203.0.113.20')).status).toBe(200);
    expect((await call('10.9.0.2', '203.0.113.21')).status).toBe(200);
    // Not a listed proxy: its own address counts, whatever it writes.
    expect((await call('192.0.2.1', '203.0.113.22')).status).toBe(200);
    expect((await call('192.0.2.1', '203.0.113.23')).status).toBe(429);
  });

  it('refuses TRUST_PROXY=true (the left-most address is whatever the client wrote), naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: TRUST_PROXY is false, a number of proxy hops/,
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.skipIf(!redisReachable)('shares the count between server processes through Redis', async () => {
    // This file's own keys: no other test file's requests count here.
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL, REDIS_KEY_PREFIX };
    const a = await startLimitedServer(env);
    const b = await startLimitedServer(env);
    expect((await a.call(route)).status).toBe(200);
    expect((await b.call(route)).status).toBe(200);
    expect((await a.call(route)).status).toBe(200);
    expect((await b.call(route)).status).toBe(200);
    expect((await a.call(route)).status).toBe(429);
    expect((await b.call(route)).status).toBe(429);
  });
});
