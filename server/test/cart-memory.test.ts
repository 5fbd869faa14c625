import { LIMIT_MESSAGE, stockMessage } from '@mall/shared/cart-rules';
import type { CartItem } from '@mall/shared/contract/cart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartMemory } from '../src/modules/cart/cart-memory.ts';
import { DEMO_PASSWORD, DEMO_RETAIL } from '../src/modules/customer/seed.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, login, registerMember } from './account-helpers.ts';
import { addPromotion, insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startSecondApp, startTestServer, type TestServer, testDbKind } from './harness.ts';

describe('the cart memory', () => {
  it('keeps the latest version when answers finish out of order', () => {
    const memory = new CartMemory();
    const line = (count: number) => [{ id: 1, sku_id: 9, count, checked: true }];
    memory.remember(7, 3, line(3));
    memory.remember(7, 2, line(2));
    expect(memory.recall(7)).toEqual({ version: 3, lines: line(3) });
    memory.remember(7, 4, line(4));
    expect(memory.recall(7)?.version).toBe(4);
    expect(memory.recall(8)).toBeUndefined();
  });
});

/**
 * Two server processes on one database, each remembering carts and SKU facts (kept a minute here,
 * so nothing expires during a test): what one process remembers must never let a change through
 * on a cart or a stock that has moved on.
 */
describe(`carts remembered by two processes (${testDbKind})`, () => {
  let server: TestServer;
  let other: FastifyInstance;
  let org = 0;
  /** TST, limit 5, stock 100. */
  let tray = 0;
  /** AHL, no limit, stock 3 at first. */
  let lantern = 0;
  /** PBC, with a promotion ending a moment after the tests start. */
  let honey = 0;
  let honeyGoods = 0;
  let h: Record<string, string>;
  /** The demo club (VIP) member. */
  let vip: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { CATALOGUE_CACHE_MS: '60000' } });
    other = await startSecondApp(server);
    const db = server.database.db;
    const cats = await insertFixtureCategories(db, 'Cart Memory Fixture');
    const [t, l, hy] = await insertFixtureGoods(db, cats.thirdId, [
      {
        name: 'Memory Tray',
        supplier: 'TST',
        skus: [{ retail: 1999, wholesale: 1500, club: 1899, maxCount: 5 }],
      },
      { name: 'Memory Lantern', supplier: 'AHL', skus: [{ retail: 2999, wholesale: 2250, club: 2799 }] },
      { name: 'Memory Honey', supplier: 'PBC', skus: [{ retail: 4550, wholesale: 3333, club: 4100 }] },
    ]);
    tray = t!.skuIds[0]!;
    lantern = l!.skuIds[0]!;
    honey = hy!.skuIds[0]!;
    honeyGoods = hy!.id;
    org = (await resolveStockOrganisationId(db, null))!;
    await setStock(db, tray, org, 100);
    await setStock(db, honey, org, 50);
    h = bearer(await registerMember(server, 'retail'));
    vip = bearer((await login(server, 'retail', DEMO_RETAIL.email, DEMO_PASSWORD)).body.data);
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });
  beforeEach(async () => {
    await setStock(server.database.db, lantern, org, 3);
    // Through the API, so both processes start from a cart they agree on.
    expect((await server.app.inject({ method: 'DELETE', url: '/api/cart', headers: h })).statusCode).toBe(
      200,
    );
    expect((await other.inject({ method: 'DELETE', url: '/api/cart', headers: h })).statusCode).toBe(200);
  });

  const on = async (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { message: string; data: CartItem[] } };
  };
  const add = (app: FastifyInstance, skuId: number, count: number) =>
    on(app, 'POST', '/api/cart/app/add', { skuId, count });
  const counts = (items: CartItem[]) => items.map((i) => [i.skuId, i.count]);
  const cartNow = async () => counts((await on(server.app, 'GET', '/api/cart/app')).body.data);

  it('refuses past the limit when the other process added meanwhile, and keeps the cart as it is', async () => {
    expect((await add(server.app, tray, 3)).status).toBe(200);
    expect((await add(other, tray, 2)).status).toBe(200);
    // This process remembers 3 in the cart; the database holds 5.
    const refused = await add(server.app, tray, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LIMIT_MESSAGE);
    expect(await cartNow()).toEqual([[tray, 5]]);
  });

  it('accepts what the limit allows once the other process removed the line', async () => {
    const full = await add(server.app, tray, 5);
    expect(counts(full.body.data)).toEqual([[tray, 5]]);
    const lineId = full.body.data[0]!.id;
    expect((await on(other, 'DELETE', `/api/cart/${lineId}`)).status).toBe(200);
    // Remembered here: 5 of 5. A refusal is never decided on what is remembered.
    const again = await add(server.app, tray, 5);
    expect(again.status, again.body.message).toBe(200);
    expect(counts(again.body.data)).toEqual([[tray, 5]]);
  });

  it('answers the whole cart as it is, with lines the other process added', async () => {
    expect((await add(server.app, tray, 1)).status).toBe(200);
    expect((await add(other, lantern, 1)).status).toBe(200);
    const answer = await add(server.app, tray, 1);
    expect(counts(answer.body.data)).toEqual([
      [lantern, 1],
      [tray, 2],
    ]);
  });

  it('answers each change of a line as made, its count and its check, on facts kept from before', async () => {
    const lineId = (await add(server.app, tray, 1)).body.data[0]!.id;
    const state = (items: CartItem[]) => items.map((i) => [i.id, i.count, i.checked]);
    expect(state((await add(server.app, tray, 1)).body.data)).toEqual([[lineId, 2, true]]);
    const counted = await on(server.app, 'PUT', '/api/cart/count', { id: lineId, count: 4 });
    expect(state(counted.body.data)).toEqual([[lineId, 4, true]]);
    const unchecked = await on(server.app, 'PUT', '/api/cart/check', { id: [lineId], checked: false });
    expect(state(unchecked.body.data)).toEqual([[lineId, 4, false]]);
    expect(state((await on(server.app, 'GET', '/api/cart/app')).body.data)).toEqual([[lineId, 4, false]]);
    const checked = await on(server.app, 'PUT', '/api/cart/check', { id: [lineId], checked: true });
    expect(state(checked.body.data)).toEqual([[lineId, 4, true]]);
    expect(state((await add(server.app, tray, 1)).body.data)).toEqual([[lineId, 5, true]]);
  });

  it('changes a count set meanwhile in the other process from what the database holds', async () => {
    const first = await add(server.app, tray, 1);
    const lineId = first.body.data[0]!.id;
    expect((await on(other, 'PUT', '/api/cart/count', { id: lineId, count: 4 })).status).toBe(200);
    // Remembered here: a count of 1, so 4 looks like a change; the database already has 4.
    const answer = await on(server.app, 'PUT', '/api/cart/count', { id: lineId, count: 4 });
    expect(answer.status).toBe(200);
    expect(counts(answer.body.data)).toEqual([[tray, 4]]);
  });

  it('notices a cart changed by hand in SQL, even with its version left as it was', async () => {
    expect((await add(server.app, tray, 3)).status).toBe(200);
    await server.database.db.execute(sql`update cart_line set count = 5 where sku_id = ${tray}`);
    const refused = await add(server.app, tray, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LIMIT_MESSAGE);

    await server.database.db.execute(sql`delete from cart_line where sku_id = ${tray}`);
    const answer = await add(server.app, lantern, 1);
    expect(counts(answer.body.data)).toEqual([[lantern, 1]]);
  });

  it('reads the cart as the database holds it, whatever this process remembers', async () => {
    expect((await add(server.app, tray, 2)).status).toBe(200);
    expect(await cartNow()).toEqual([[tray, 2]]);
    expect((await add(other, lantern, 1)).status).toBe(200);
    expect(await cartNow()).toEqual([
      [lantern, 1],
      [tray, 2],
    ]);
    // By hand, the version left as it was.
    await server.database.db.execute(sql`update cart_line set count = 4 where sku_id = ${tray}`);
    expect(await cartNow()).toEqual([
      [lantern, 1],
      [tray, 4],
    ]);
    await server.database.db.execute(sql`update cart_line set checked = false where sku_id = ${tray}`);
    const read = (await on(server.app, 'GET', '/api/cart/app')).body.data;
    expect(read.map((i) => [i.skuId, i.checked])).toEqual([
      [lantern, true],
      [tray, false],
    ]);
  });

  it('decides a refusal on the stock as it is now, not as remembered', async () => {
    // Remembers the lantern's stock of 3 here.
    expect((await add(server.app, lantern, 3)).status).toBe(200);
    expect((await add(server.app, lantern, 1)).body.message).toBe(stockMessage(3));
    await setStock(server.database.db, lantern, org, 10);
    const answer = await add(server.app, lantern, 4);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.map((i) => [i.count, i.stock])).toEqual([[7, 10]]);
  });

  it("keeps each price tier's prices apart", async () => {
    const asVip = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: vip, ...(payload ? { payload } : {}) });
    // The club member's cart is remembered here before the retail price of the tray is kept.
    await asVip('DELETE', '/api/cart');
    const retail = await add(server.app, tray, 1);
    expect(retail.body.data[0]!.price).toBe(19.99);
    const club = (await asVip('POST', '/api/cart/app/add', { skuId: tray, count: 1 })).json() as {
      data: CartItem[];
    };
    expect(club.data.map((i) => [i.skuId, i.price])).toEqual([[tray, 18.99]]);
    await asVip('DELETE', '/api/cart');
  });

  it('stops answering a promotion price once the promotion ends, though facts are otherwise kept a minute', async () => {
    const now = Date.now();
    await addPromotion(
      server.database.db,
      honeyGoods,
      honey,
      3999,
      // Ends in 3 s: a busy machine's pauses before the first add below cannot reach the end first.
      new Date(now - 60_000),
      new Date(now + 3000),
    );
    const during = await add(server.app, honey, 1);
    expect(during.body.data[0]!.price).toBe(39.99);
    // The cart reads the price again once the promotion is over, not a minute later.
    const honeyPrice = async () =>
      (await on(server.app, 'GET', '/api/cart/app')).body.data.find((i) => i.skuId === honey)?.price;
    await vi.waitFor(async () => expect(await honeyPrice()).toBe(45.5), { timeout: 10_000, interval: 100 });
    const after = await add(server.app, honey, 1);
    expect(after.body.data[0]!.price).toBe(45.5);
  });
});
