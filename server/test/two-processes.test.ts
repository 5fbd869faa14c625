import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMIT_MESSAGE } from '@mall/shared/cart-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, orderFixtures, stockNow } from './order-helpers.ts';
import { killProcesses, startProcess } from './processes.ts';

/**
 * Two server processes on one PostgreSQL, each remembering carts and SKU facts and gathering cart
 * writes (docs/cart.md), each selling (docs/orders.md). Many buyers, few units: exactly the stock is sold,
 * never more, and the stock never goes below zero; many adds at once: never past the limit.
 * PostgreSQL only: an embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('two server processes on one database', () => {
  let server: TestServer;
  let urls: string[];
  let api: ReturnType<typeof caller>;
  let fx: Awaited<ReturnType<typeof orderFixtures>>;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    api = caller(server);
    fx = await orderFixtures(server, 'Race');
    const env = {
      DATABASE_URL: server.databaseUrl!,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // SKU facts kept as in production (tests otherwise run without the micro-cache).
      CATALOGUE_CACHE_MS: '3000',
    };
    const processes = await Promise.all([
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-race-a-')) }),
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-race-b-')) }),
    ]);
    urls = processes.map((p) => p.url);
  }, 120_000);
  afterAll(async () => {
    killProcesses();
    await server.close();
  });

  /** `n` members, each with an address and `count` of the SKU in the cart. */
  const buyers = async (n: number, skuId: number, count: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const h = bearer(await registerMember(server, 'retail'));
        const address = await api.address(h);
        const line = await api.add(h, skuId, count);
        return { h, address, line };
      }),
    );

  /** Everyone submits at once, alternating between the two processes. */
  const rush = (list: Awaited<ReturnType<typeof buyers>>) =>
    Promise.all(
      list.map(async (b, i) => {
        const res = await fetch(`${urls[i % 2]}/api/sale/order/submit`, {
          method: 'POST',
          headers: { ...b.h, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ cartItemIds: [b.line.id], addressId: b.address.id }),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      }),
    );

  const unitsSold = async (skuId: number) => {
    const res = (await server.database.db.execute(
      sql`select coalesce(sum(count), 0)::int as n from sale_order_line where sku_id = ${skuId}`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0]!.n;
  };

  it('sells exactly 5 units to 24 buyers of one unit each', async () => {
    await setStock(server.database.db, fx.skus.kete, fx.org, 5);
    const list = await buyers(24, fx.skus.kete, 1);
    const results = await rush(list);
    const sold = results.filter((r) => r.status === 200);
    expect(sold).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/Flax Kete: (Only \d+ left in stock|This item is sold out)/);
    }
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(0);
    expect(await unitsSold(fx.skus.kete)).toBe(5);
  }, 120_000);

  it('sells 3 units of 2 from a stock of 7 and leaves 1, never below zero', async () => {
    await setStock(server.database.db, fx.skus.honey, fx.org, 7);
    const list = await buyers(12, fx.skus.honey, 2);
    const results = await rush(list);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await stockNow(server, fx.skus.honey, fx.org)).toBe(1);
    expect(await unitsSold(fx.skus.honey)).toBe(6);
  }, 120_000);

  it('lets 8 members each adding 12 times at once, through both processes, reach the limit of 4 and no more', async () => {
    await setStock(server.database.db, fx.skus.honey, fx.org, 100);
    const members = await Promise.all(
      Array.from({ length: 8 }, async () => bearer(await registerMember(server, 'retail'))),
    );
    // Each member's cart is remembered by both processes before the rush.
    for (const h of members) for (const url of urls) await fetch(`${url}/api/cart/app`, { headers: h });
    const results = await Promise.all(
      members.flatMap((h) =>
        Array.from({ length: 12 }, async (_, i) => {
          const res = await fetch(`${urls[i % 2]}/api/cart/app/add`, {
            method: 'POST',
            headers: { ...h, 'content-type': 'application/json' },
            body: JSON.stringify({ skuId: fx.skus.honey, count: 1 }),
          });
          return { h, status: res.status, body: (await res.json()) as { message: string } };
        }),
      ),
    );
    for (const h of members) {
      const own = results.filter((r) => r.h === h);
      expect(own.filter((r) => r.status === 200)).toHaveLength(4);
      for (const r of own.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(LIMIT_MESSAGE);
      }
      for (const url of urls) {
        const cart = (await (await fetch(`${url}/api/cart/app`, { headers: h })).json()) as {
          data: { skuId: number; count: number }[];
        };
        expect(cart.data.map((i) => [i.skuId, i.count])).toEqual([[fx.skus.honey, 4]]);
      }
    }
  }, 120_000);
});
