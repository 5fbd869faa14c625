import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { giveCard, giveDiscount, givePoints, memberIdOf, walletOf } from './checkout-wallet-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

/** One member places every order here and leaves them unpaid: more than UNPAID_ORDERS_MAX's default. */
const RACE_ENV = { ...ORDER_TEST_ENV, UNPAID_ORDERS_MAX: '1000' };

import { killProcesses, startProcess } from './processes.ts';

/**
 * One member checks out many orders at once, each asking for the same points, card money or
 * discount, in one server process and across two on one PostgreSQL (docs/wallet.md: a ledger,
 * not counters): the wallet is never spent twice, no balance goes below zero, and each balance
 * is the sum of its rows.
 */
describe.skipIf(testDbKind !== 'postgres')('parallel checkouts spending one wallet', () => {
  let server: TestServer;
  let api: ReturnType<typeof caller>;
  let urls: string[];
  let h: Record<string, string>;
  let memberId: number;
  let addressId: number;
  /** Cart item ids, one a good of $100.00, each bought once. */
  const lines: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: RACE_ENV });
    api = caller(server);
    const fx = await orderFixtures(server, 'Spend');
    const cats = await insertFixtureCategories(server.database.db, 'Spend Race');
    const goods = await insertFixtureGoods(
      server.database.db,
      cats.thirdId,
      Array.from({ length: 40 }, (_, i) => ({
        name: `Spend Race Basket ${i}`,
        supplier: 'AHL',
        skus: [{ retail: 10_000, wholesale: 9000, club: 9500 }],
      })),
    );
    for (const g of goods) await setStock(server.database.db, g.skuIds[0]!, fx.org, 5);
    const signed = await registerMember(server, 'retail');
    h = bearer(signed);
    memberId = await memberIdOf(server.database.db, signed.member.userAccount);
    addressId = (await api.address(h)).id;
    for (const g of goods) lines.push((await api.add(h, g.skuIds[0]!, 1)).id);
    const env = {
      ...RACE_ENV,
      DATABASE_URL: server.databaseUrl!,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    const processes = await Promise.all([
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-spend-a-')) }),
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-spend-b-')) }),
    ]);
    urls = processes.map((p) => p.url);
  }, 180_000);
  afterAll(async () => {
    killProcesses();
    await server.close();
  });

  /** Submits one order per cart line at once, with `extra`, through `via` (the test server, or both processes in turn). */
  const rush = (ids: number[], extra: Record<string, unknown>, via: 'one' | 'two') =>
    Promise.all(
      ids.map(async (id, i) => {
        const payload = { cartItemIds: [id], addressId, ...extra };
        const headers = { ...h, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
        if (via === 'one') {
          const res = await server.call<unknown>({
            method: 'POST',
            url: '/api/sale/order/submit',
            headers,
            payload,
          });
          return { status: res.status, message: res.body.message };
        }
        const res = await fetch(`${urls[i % 2]}/api/sale/order/submit`, {
          method: 'POST',
          headers,
          body: JSON.stringify(payload),
        });
        return { status: res.status, message: ((await res.json()) as { message: string }).message };
      }),
    );

  /** The ledgers agree with themselves: each balance is its rows' sum, never below zero. */
  const expectLedgersWhole = async () => {
    const w = await walletOf(server.database.db, memberId);
    expect(w.points).toBe(w.pointsSum);
    expect(w.points).toBeGreaterThanOrEqual(0);
    for (const c of w.cards) {
      expect(c.balance).toBe(c.sum);
      expect(c.balance).toBeGreaterThanOrEqual(0);
    }
    const [negative] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select (select count(*) from point_entry where balance_after < 0)
            + (select count(*) from cash_card_entry where balance_after_cents < 0) as n`,
    );
    expect(Number(negative!.n)).toBe(0);
    return w;
  };

  for (const via of ['one', 'two'] as const) {
    it(`spends 1000 points on 3 of 8 orders asking 300 each, never more (${via} process${via === 'two' ? 'es' : ''})`, async () => {
      const before = (await walletOf(server.database.db, memberId)).points;
      await givePoints(server.database.db, memberId, 1000 - before);
      const results = await rush(lines.splice(0, 8), { points: 300 }, via);
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
      }
      expect((await expectLedgersWhole()).points).toBe(100);
    }, 120_000);

    it(`spends $50.00 of card money on 2 of 8 orders asking $20.00 each, never more (${via})`, async () => {
      await giveCard(server.database.db, memberId, 5000);
      const totalBefore = (await walletOf(server.database.db, memberId)).cards.reduce(
        (s, c) => s + c.balance,
        0,
      );
      const results = await rush(lines.splice(0, 8), { cardAmount: 20 }, via);
      const ok = results.filter((r) => r.status === 200).length;
      expect(ok).toBe(Math.floor(totalBefore / 2000));
      const w = await expectLedgersWhole();
      expect(w.cards.reduce((s, c) => s + c.balance, 0)).toBe(totalBefore - ok * 2000);
    }, 120_000);

    it(`uses one discount on exactly 1 of 4 orders (${via})`, async () => {
      const discountId = await giveDiscount(server.database.db, memberId, {
        kind: 'amount',
        amountOffCents: 500,
      });
      const results = await rush(lines.splice(0, 4), { discountId }, via);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const [uses] = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from discount_entry where member_discount_id = ${discountId} and change = 'use'`,
      );
      expect(uses!.n).toBe(1);
    }, 120_000);
  }
});
