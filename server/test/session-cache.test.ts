import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from '../src/modules/auth/session-cache.ts';
import type { SessionMember } from '../src/modules/auth/sessions.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { startSecondApp, startTestServer, type TestServer, testDbKind } from './harness.ts';

const member = (sessionId: string, memberId = 1, over: Partial<SessionMember> = {}): SessionMember => ({
  sessionId,
  memberId,
  kind: 'retail',
  vip: false,
  vipEndsInMs: null,
  ...over,
});

describe('the session cache', () => {
  it('holds nothing until it listens, and nothing again once the listening connection is lost', () => {
    const cache = createSessionCache();
    cache.set(member('a'), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    cache.listening();
    cache.set(member('a'), cache.generation());
    expect(cache.get('a')).toMatchObject({ sessionId: 'a' });
    cache.lost();
    expect(cache.get('a')).toBeUndefined();
    cache.set(member('a'), cache.generation());
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops one session, or every session of a member, when announced', () => {
    const cache = createSessionCache();
    cache.listening();
    for (const m of [member('a', 1), member('b', 1), member('c', 2)]) cache.set(m, cache.generation());
    cache.message('s:c');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.message('m:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a read that began before an announcement (it may have read the session before it was revoked)', () => {
    const cache = createSessionCache();
    cache.listening();
    const before = cache.generation();
    cache.message('s:a');
    cache.set(member('a'), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds a club membership with an end date no longer than until it ends', async () => {
    const cache = createSessionCache({ ttlMs: 30_000 });
    cache.listening();
    // Ends in 1 s: long enough that a pause of a busy machine between these two lines cannot end it
    // first (30 ms did, once, with two suites side by side).
    cache.set(member('a', 1, { vip: true, vipEndsInMs: 1000 }), cache.generation());
    expect(cache.get('a')).toBeDefined();
    // Gone soon after its end, not after the 30 s the cache keeps others.
    await vi.waitFor(() => expect(cache.get('a')).toBeUndefined(), { timeout: 5000, interval: 20 });
  });
});

/** Two server processes on one database: each holds sessions in its own memory. */
describe(`sessions held in memory by two processes (${testDbKind})`, () => {
  let server: TestServer;
  let other: FastifyInstance;
  beforeAll(async () => {
    server = await startTestServer();
    other = await startSecondApp(server);
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  const statusOn = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ url: '/api/sys/auth/user/info', headers })).statusCode;
  const announced = { timeout: 5000, interval: 20 };

  it('ends a session in the other process too when it logs out in one', async () => {
    const m = await registerMember(server, 'retail');
    const h = { authorization: bearer(m).authorization! };
    expect(await statusOn(other, h)).toBe(200);
    expect(await statusOn(server.app, h)).toBe(200);
    expect((await server.call({ url: '/api/sys/auth/logout', headers: h })).status).toBe(200);
    // At once where it logged out; within moments in the other process.
    expect(await statusOn(server.app, h)).toBe(401);
    await vi.waitFor(async () => expect(await statusOn(other, h)).toBe(401), announced);
  });

  it('ends every session of the member in both processes when the password changes in one', async () => {
    const m = await registerMember(server, 'retail');
    const h = { authorization: bearer(m).authorization! };
    expect(await statusOn(server.app, h)).toBe(200);
    expect(await statusOn(other, h)).toBe(200);
    const changed = await other.inject({
      method: 'PATCH',
      url: '/api/sys/user/pwd',
      headers: h,
      payload: { oldPassword: m.password, newPassword: 'another-pw-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await statusOn(other, h)).toBe(401);
    await vi.waitFor(async () => expect(await statusOn(server.app, h)).toBe(401), announced);
  });

  it('ends a session revoked by hand in the database in every process', async () => {
    const m = await registerMember(server, 'retail');
    const h = { authorization: bearer(m).authorization! };
    expect(await statusOn(server.app, h)).toBe(200);
    expect(await statusOn(other, h)).toBe(200);
    await server.database.db.execute(
      sql`update member_session set revoked_at = now(), revoked_reason = 'logout' where member_id = ${m.member.id}`,
    );
    await vi.waitFor(async () => {
      expect(await statusOn(server.app, h)).toBe(401);
      expect(await statusOn(other, h)).toBe(401);
    }, announced);
  });
});
