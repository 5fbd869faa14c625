import { collectPath, favouritePageSchema } from '@mall/shared/contract/favourite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertFixtureCategories, insertFixtureGoods } from './catalogue-fixtures.ts';
import { startSecondApp, startTestServer, type TestServer, testDbKind } from './harness.ts';
import { newMember } from './wallet-helpers.ts';

/**
 * Two server processes on one database, each holding members' favourites lists in memory
 * (modules/favourite/list-cache.ts): a change made through either, or in the database by hand,
 * shows in both lists.
 */
describe(`favourites lists held by two processes (${testDbKind})`, () => {
  let server: TestServer;
  let other: FastifyInstance;
  const goods: number[] = [];
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    other = await startSecondApp(server);
    const db = server.database.db;
    const cats = await insertFixtureCategories(db, 'Fav Processes');
    const made = await insertFixtureGoods(
      db,
      cats.thirdId,
      ['Kete', 'Poi', 'Korowai'].map((name) => ({
        name: `Fav Process ${name}`,
        supplier: 'TST',
        skus: [{ retail: 1200, wholesale: 900, club: 1100 }],
      })),
    );
    goods.push(...made.map((g) => g.id));
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  const listed = async (app: FastifyInstance, headers: Record<string, string>) => {
    const res = await app.inject({ url: '/api/user/favorite', headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = favouritePageSchema.parse(res.json().data);
    return { total: page.total, ids: page.records.map((r) => r.goodsId) };
  };
  const collect = async (app: FastifyInstance, headers: Record<string, string>, id: number) => {
    const res = await app.inject({ method: 'PATCH', url: collectPath(id), headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const announced = { timeout: 5000, interval: 20 };

  it('shows a collect made through one process in the other, which held the list before it', async () => {
    const m = await newMember(server);
    await collect(server.app, m.headers, goods[0]!);
    expect(await listed(other, m.headers)).toEqual({ total: 1, ids: [goods[0]] });
    await collect(server.app, m.headers, goods[1]!);
    // At once where it was collected; within moments in the other process.
    expect(await listed(server.app, m.headers)).toEqual({ total: 2, ids: [goods[1], goods[0]] });
    await vi.waitFor(
      async () => expect(await listed(other, m.headers)).toEqual({ total: 2, ids: [goods[1], goods[0]] }),
      announced,
    );
  });

  it('empties the list in both processes when it is cleared through one', async () => {
    const m = await newMember(server);
    await collect(other, m.headers, goods[0]!);
    await collect(other, m.headers, goods[2]!);
    expect((await listed(server.app, m.headers)).total).toBe(2);
    expect(
      (await other.inject({ method: 'DELETE', url: '/api/user/favorite/clear', headers: m.headers }))
        .statusCode,
    ).toBe(200);
    expect(await listed(other, m.headers)).toEqual({ total: 0, ids: [] });
    await vi.waitFor(
      async () => expect(await listed(server.app, m.headers)).toEqual({ total: 0, ids: [] }),
      announced,
    );
  });

  it('drops a favourite removed in the database by hand from every process', async () => {
    const a = await newMember(server);
    const b = await newMember(server);
    for (const m of [a, b]) {
      await collect(server.app, m.headers, goods[1]!);
      await collect(server.app, m.headers, goods[2]!);
      expect((await listed(server.app, m.headers)).total).toBe(2);
      expect((await listed(other, m.headers)).total).toBe(2);
    }
    // As a good's deletion cascades to every list that held it.
    await server.database.db.execute(
      sql`delete from favourite_goods where goods_id = ${goods[1]!} and member_id in (${a.id}, ${b.id})`,
    );
    await vi.waitFor(async () => {
      for (const app of [server.app, other])
        for (const m of [a, b]) expect(await listed(app, m.headers)).toEqual({ total: 1, ids: [goods[2]] });
    }, announced);
  });
});
