import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecondApp, startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';

/**
 * Two server processes on one database, each holding operators' logins in memory
 * (modules/admin/sessions.ts): a change made through one, or by hand in SQL, reaches the other
 * within the time an announcement takes; the one that made it forgets at once.
 */
describe(`operators' logins held in memory by two processes (${testDbKind})`, () => {
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

  const announced = { timeout: 5000, interval: 20 };
  const me = async (app: FastifyInstance, headers: Record<string, string>) => {
    const res = await app.inject({ url: '/api/admin/me', headers });
    return { status: res.statusCode, role: res.statusCode === 200 ? res.json().data.role : null };
  };
  /** A call the orders role may make and the support role may not. */
  const ordersList = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ url: '/api/admin/orders', headers })).statusCode;

  it("ends a disabled operator's logins at once on the process that disabled them, and soon on the other", async () => {
    const owner = await signInOperator(server, 'owner');
    const target = await signInOperator(server, 'orders');
    // Both processes now hold the login.
    expect(await ordersList(server.app, target.headers)).toBe(200);
    expect(await ordersList(other, target.headers)).toBe(200);
    const res = await server.call({
      method: 'PATCH',
      url: `/api/admin/operators/${target.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(res.status).toBe(200);
    expect(await ordersList(server.app, target.headers)).toBe(401);
    await vi.waitFor(async () => expect(await ordersList(other, target.headers)).toBe(401), announced);
  });

  it('follows a role changed by hand in SQL, and a logout on the other process', async () => {
    const target = await signInOperator(server, 'orders');
    expect(await me(other, target.headers)).toEqual({ status: 200, role: 'orders' });
    expect(await ordersList(server.app, target.headers)).toBe(200);
    await server.database.db.execute(sql`update operator set role = 'support' where id = ${target.id}`);
    for (const app of [server.app, other]) {
      await vi.waitFor(async () => expect(await ordersList(app, target.headers)).toBe(403), announced);
      expect(await me(app, target.headers)).toEqual({ status: 200, role: 'support' });
    }
    const out = await other.inject({ method: 'POST', url: '/api/admin/logout', headers: target.headers });
    expect(out.statusCode).toBe(200);
    expect((await me(other, target.headers)).status).toBe(401);
    await vi.waitFor(async () => expect((await me(server.app, target.headers)).status).toBe(401), announced);
  });

  it('drops a login deleted by hand in SQL', async () => {
    const target = await signInOperator(server, 'orders');
    expect(await ordersList(server.app, target.headers)).toBe(200);
    expect(await ordersList(other, target.headers)).toBe(200);
    await server.database.db.execute(sql`delete from operator_session where operator_id = ${target.id}`);
    for (const app of [server.app, other])
      await vi.waitFor(async () => expect(await ordersList(app, target.headers)).toBe(401), announced);
  });

  it('refuses a login whose time ran out, though it was held', async () => {
    const target = await signInOperator(server, 'orders');
    expect(await ordersList(other, target.headers)).toBe(200);
    await server.database.db.execute(
      sql`update operator_session set expires_at = now() - interval '1 second'
          where operator_id = ${target.id}`,
    );
    for (const app of [server.app, other])
      await vi.waitFor(async () => expect(await ordersList(app, target.headers)).toBe(401), announced);
  });
});
