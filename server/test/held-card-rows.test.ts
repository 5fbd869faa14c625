import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';
import type { GoodsChanged, GoodsChangeFeed } from '../src/modules/catalogue/changes.ts';
import { HeldCardRows } from '../src/modules/catalogue/held-card-rows.ts';
import { goodsCards } from '../src/modules/catalogue/service.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import type { Shopper } from '../src/modules/shopper/index.ts';
import { priceTierOf } from '../src/modules/shopper/index.ts';
import { openTestDatabase } from './harness.ts';

// The goods cards search pages are made of (catalogue/held-card-rows.ts): every good's card read
// in once, held until the change feed names the good, and never held from a read that a change
// overtook. The feed here is what the search index's looks tell (search/goods-index-sync.ts).

/** A change feed the test tells by hand, as the index's looks would. */
class TestFeed implements GoodsChangeFeed {
  private readonly listeners: GoodsChanged[] = [];
  epoch = 0;
  onChange(listener: GoodsChanged) {
    this.listeners.push(listener);
  }
  promotionsEpoch() {
    return this.epoch;
  }
  tell(goods: readonly number[] | 'all') {
    for (const l of this.listeners) l(goods);
  }
}

let database: Database;
let drop: () => Promise<void>;
let shopper: Shopper;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ seeded: true }));
  shopper = {
    tier: priceTierOf(null),
    orgId: await resolveStockOrganisationId(database.db, null),
    now: new Date(),
  };
}, 60_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const stockedGood = async (offset: number) => {
  const [row] = await rowsOf<{ id: number; sku_id: number }>(
    database.db,
    sql`select g.id, min(k.id)::int as sku_id from goods g join sku k on k.goods_id = g.id
        join stock s on s.sku_id = k.id and s.org_id = ${shopper.orgId}
        where g.enabled group by g.id order by g.id offset ${offset} limit 1`,
  );
  return row!;
};

const addStock = (skuId: number, units: number) =>
  database.db.execute(
    sql`update stock set quantity = quantity + ${units} where sku_id = ${skuId} and org_id = ${shopper.orgId}`,
  );

const stockOf = async (held: HeldCardRows, id: number) => (await held.get([id], shopper))[0]?.row.stock;

describe('held goods cards', () => {
  it("reads every good on sale in once, and answers the database's cards", async () => {
    const held = new HeldCardRows(database.db, new TestFeed(), { max: 100_000, maxAgeMs: 600_000 });
    const [{ n }] = (await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from goods where enabled`,
    )) as [{ n: number }];
    const ids = (
      await rowsOf<{ id: number }>(database.db, sql`select id from goods order by id limit 40`)
    ).map((r) => r.id);
    // Asked in a shuffled order, before the warming is done and after it.
    const asked = [...ids.slice(20), ...ids.slice(0, 20)];
    const first = await held.get(asked, shopper);
    await held.warming(shopper.orgId);
    expect(held.heldCount(shopper.orgId)).toBeGreaterThanOrEqual(n);
    const again = await held.get(asked, shopper);
    const fromDb = (await goodsCards(database.db, asked, shopper)).map((c) => ({
      id: c.id,
      name: c.name,
      stock: c.stock,
    }));
    expect(fromDb.length).toBeGreaterThan(30);
    for (const cards of [first, again]) {
      expect(cards.map(({ row }) => ({ id: row.id, name: row.name, stock: row.stock }))).toEqual(fromDb);
    }
  });

  it('holds a card until the feed names its good, then reads it again', async () => {
    const feed = new TestFeed();
    const held = new HeldCardRows(database.db, feed, { max: 100_000, maxAgeMs: 600_000 });
    const good = await stockedGood(0);
    const before = await stockOf(held, good.id);
    await addStock(good.sku_id, 5);
    expect(await stockOf(held, good.id)).toBe(before);
    feed.tell([good.id]);
    expect(await stockOf(held, good.id)).toBe(before! + 5);
  });

  it('does not hold what a read found when the good changed while it was reading', async () => {
    const feed = new TestFeed();
    const held = new HeldCardRows(database.db, feed, { max: 100_000, maxAgeMs: 600_000 });
    const good = await stockedGood(1);
    // The read (and the warming it starts) is under way when the feed names the good.
    const reading = held.get([good.id], shopper);
    feed.tell([good.id]);
    const before = (await reading)[0]!.row.stock;
    await held.warming(shopper.orgId);
    await addStock(good.sku_id, 3);
    expect(await stockOf(held, good.id)).toBe(before + 3);
  });

  it('lets every card go, and reads them in again, when a promotion starts or ends', async () => {
    const feed = new TestFeed();
    const held = new HeldCardRows(database.db, feed, { max: 100_000, maxAgeMs: 600_000 });
    const good = await stockedGood(2);
    const before = await stockOf(held, good.id);
    await held.warming(shopper.orgId);
    await addStock(good.sku_id, 2);
    feed.epoch += 1;
    expect(await stockOf(held, good.id)).toBe(before! + 2);
    await held.warming(shopper.orgId);
    expect(held.heldCount(shopper.orgId)).toBeGreaterThan(100);
  });

  it('reads a card again after the backstop age, whatever the feed says', async () => {
    let now = Date.now();
    const held = new HeldCardRows(database.db, new TestFeed(), {
      max: 100_000,
      maxAgeMs: 60_000,
      now: () => now,
    });
    const good = await stockedGood(3);
    const before = await stockOf(held, good.id);
    await held.warming(shopper.orgId);
    await addStock(good.sku_id, 4);
    now += 30_000;
    expect(await stockOf(held, good.id)).toBe(before);
    now += 31_000;
    expect(await stockOf(held, good.id)).toBe(before! + 4);
  });

  it('keeps the held card, and what readers made of it, when a warming reads its row again unchanged', async () => {
    let now = Date.now();
    const held = new HeldCardRows(database.db, new TestFeed(), {
      max: 100_000,
      maxAgeMs: 60_000,
      now: () => now,
    });
    const [unchanged, changed] = [await stockedGood(4), await stockedGood(5)];
    await held.get([unchanged.id, changed.id], shopper);
    await held.warming(shopper.orgId);
    const [keep, other] = await held.get([unchanged.id, changed.id], shopper);
    keep!.made = new Map([['guest', 'made once']]);
    // Changed behind the feed's back: only the next warming (half the backstop age on) sees it.
    await addStock(changed.sku_id, 3);
    now += 31_000;
    await held.get([], shopper);
    await held.warming(shopper.orgId);
    const [kept, readAgain] = await held.get([unchanged.id, changed.id], shopper);
    expect(kept).toBe(keep);
    expect(kept!.made?.get('guest')).toBe('made once');
    expect(readAgain).not.toBe(other);
    expect(readAgain!.row.stock).toBe(other!.row.stock + 3);
  });
});
