import { SEARCH_SORTS } from '@mall/shared/contract/catalogue';
import { mulberry32 } from '@mall/shared/seeded-random';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { topUpCatalogue } from '../src/modules/catalogue/seed.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { GoodsIndexSync } from '../src/modules/search/goods-index-sync.ts';
import {
  databaseReads,
  type GoodsSearch,
  type SearchReads,
  searchGoods,
} from '../src/modules/search/goods-search.ts';
import { indexedSearchReads } from '../src/modules/search/index-search.ts';
import type { PriceTier, Shopper } from '../src/modules/shopper/index.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

// The search index (docs/README.md: search) must answer exactly what PostgreSQL answers: every
// search here runs both ways and the pages (records, totals, facets, order) must be equal.

let server: TestServer;
let db: Db;
let sync: GoodsIndexSync;
let fromDb: SearchReads;
let fromIndex: SearchReads;
/** Searches the index answered itself (not handed to the database). */
let answeredInMemory = 0;
let orgId: number | null;
let words: string[];
let codes: string[];
let categories: { id: number; level: number }[];
let supplierCodes: string[];

const GOODS = 2500;
const tiers: PriceTier[] = [
  { kind: 'guest', vip: false },
  { kind: 'retail', vip: true },
  { kind: 'wholesale', vip: false },
];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  db = server.database.db;
  await topUpCatalogue(db, GOODS);
  orgId = await resolveStockOrganisationId(db, null);
  sync = new GoodsIndexSync(db, {
    pollMs: 0,
    onError: (err) => {
      throw err;
    },
  });
  await sync.catchUp();
  fromDb = databaseReads(db);
  const reads = indexedSearchReads(db, 0, sync);
  fromIndex = {
    ...reads,
    match: async (...args) => {
      const found = await reads.match!(...args);
      if (found) answeredInMemory += 1;
      return found;
    },
  };
  const names = await rowsOf<{ name: string }>(db, sql`select name from goods where enabled`);
  const counts = new Map<string, number>();
  for (const { name } of names) {
    for (const w of new Set(name.toLowerCase().match(/\p{L}{3,}/gu) ?? []))
      counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  // Broad words, rare ones and some between.
  const byCount = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([w]) => w);
  words = [...byCount.slice(0, 25), ...byCount.slice(-25), ...byCount.filter((_, i) => i % 37 === 0)];
  codes = (await rowsOf<{ code: string }>(db, sql`select code from sku order by id limit 5`)).map(
    (r) => r.code,
  );
  categories = await rowsOf<{ id: number; level: number }>(db, sql`select id, level from category`);
  supplierCodes = (await rowsOf<{ code: string }>(db, sql`select code from supplier where enabled`)).map(
    (r) => r.code,
  );
}, 120_000);

afterAll(async () => {
  sync?.stop();
  await server?.close();
});

const shopperOf = (tier: PriceTier): Shopper => ({ tier, orgId, now: new Date() });

const both = async (q: GoodsSearch, tier: PriceTier = tiers[0]!) => {
  const shopper = shopperOf(tier);
  const noCorrection = async () => null;
  const [expected, actual] = [
    await searchGoods(db, q, shopper, noCorrection, fromDb),
    await searchGoods(db, q, shopper, noCorrection, fromIndex),
  ];
  return { expected, actual };
};

const search = (keyword: string | undefined, more: Partial<GoodsSearch> = {}): GoodsSearch => ({
  keyword,
  sort: 'relevance',
  pageNum: 1,
  pageSize: 20,
  ...more,
});

describe('the search index answers as the database does', () => {
  it('for the broad, rare and middling words of the goods names, on every sort', async () => {
    const before = answeredInMemory;
    for (const word of words) {
      for (const sort of SEARCH_SORTS) {
        const { expected, actual } = await both(search(word, { sort }));
        expect(actual, `${word} by ${sort}`).toEqual(expected);
      }
    }
    expect(answeredInMemory - before).toBe(words.length * SEARCH_SORTS.length);
  }, 120_000);

  it('for searches with filters, pages, price tiers and several words, chosen at random', async () => {
    const random = mulberry32(20261128);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const before = answeredInMemory;
    let cases = 0;
    let found = 0;
    let searchesToMatch = 0;
    for (let n = 0; n < 300; n++) {
      const w1 = pick(words);
      const w2 = pick(words);
      const keyword = pick([
        w1,
        `${w1} ${w2}`,
        `${w1} or ${w2}`,
        `${w1} -${w2}`,
        `${w1.toUpperCase()}`,
        `${w1}s`,
        pick(codes),
        'the',
        undefined,
      ]);
      const priceMin = random() < 0.4 ? Math.floor(random() * 5000) : undefined;
      const priceMax = random() < 0.3 ? (priceMin ?? 0) + Math.floor(random() * 10000) : undefined;
      const category = random() < 0.3 ? pick(categories) : undefined;
      const q = search(keyword, {
        sort: pick(SEARCH_SORTS),
        pageNum: 1 + Math.floor(random() * 3),
        pageSize: pick([5, 20, 100]),
        priceMinCents: priceMin,
        priceMaxCents: priceMax,
        categoryId: category?.id,
        supplier: random() < 0.25 ? pick(supplierCodes) : undefined,
      });
      const { expected, actual } = await both(q, pick(tiers));
      expect(actual, JSON.stringify(q)).toEqual(expected);
      cases += 1;
      if (expected.total > 0) found += 1;
      if (keyword !== undefined || priceMin !== undefined || priceMax !== undefined) searchesToMatch += 1;
    }
    // Many of them found goods, and the index answered every keyword and price search itself
    // (browsing without either is the database's; a search that found nothing is tried again corrected).
    expect(found).toBeGreaterThan(cases / 3);
    expect(answeredInMemory - before).toBeGreaterThanOrEqual(searchesToMatch);
  }, 120_000);

  it('leaves out close spellings when the filters, not the keyword, left nothing (docs/search.md)', async () => {
    const word = words[0]!;
    const { expected, actual } = await both(search(word, { priceMinCents: 2_000_000_000 }));
    expect(actual).toEqual(expected);
    expect(actual).toMatchObject({ total: 0, matchedBy: 'text', searchedFor: word });
    // (A typo, filtered or not, still finds goods by close spellings: search.test.ts.)
  });

  it('for a SKU code or barcode typed as the keyword', async () => {
    const { expected, actual } = await both(search(codes[0]!.toLowerCase()));
    expect(expected.total).toBeGreaterThanOrEqual(1);
    expect(actual).toEqual(expected);
  });
});

describe("the shop's own goods index", () => {
  it('is filled after the shop starts, catches up before a search, and the health check says how many goods it holds', async () => {
    const [{ n }] = (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from goods`)) as [
      { n: number },
    ];
    let state: unknown = 'filling';
    // Each health check waits on a database round trip, which lets the filling go on meanwhile.
    for (let i = 0; i < 1000 && state === 'filling'; i++) {
      state = (await server.call<{ searchIndex: unknown }>('/api/health')).body.data.searchIndex;
    }
    expect(typeof state).toBe('number');
    // The goods added since (beforeAll) are read at the next search: with the caches off (tests), before it.
    await server.call('/api/org/sale/good/search?keyword=kauri');
    expect((await server.call<{ searchIndex: unknown }>('/api/health')).body.data.searchIndex).toBe(n);
    const off = await startTestServer({ env: { SEARCH_INDEX: 'false' } });
    try {
      expect((await off.call<{ searchIndex: unknown }>('/api/health')).body.data.searchIndex).toBe('off');
    } finally {
      await off.close();
    }
  });
});

describe('the search index keeps in step with the database', () => {
  const goodsOf = async (keyword: string) => {
    const { expected, actual } = await both(search(keyword));
    expect(actual).toEqual(expected);
    return actual.records.map((r) => r.id);
  };

  it('sees renamed, hidden, repriced and deleted goods at its next look', async () => {
    const [good] = await rowsOf<{ id: number }>(
      db,
      sql`select id from goods where enabled order by id limit 1`,
    );
    const id = good!.id;
    await db.execute(sql`update goods set name = 'Quixotically Blue Teapot' where id = ${id}`);
    await sync.catchUp();
    expect(await goodsOf('quixotically')).toEqual([id]);

    await db.execute(sql`update goods set enabled = false where id = ${id}`);
    await sync.catchUp();
    expect(await goodsOf('quixotically')).toEqual([]);
    await db.execute(sql`update goods set enabled = true where id = ${id}`);

    // A promotion running now sets the shown price, which the price filter reads.
    await db.execute(
      sql`insert into promotion (sku_id, goods_id, price_cents, starts_at, ends_at)
          select id, goods_id, 1, now() - interval '1 hour', now() + interval '1 hour' from sku where goods_id = ${id} limit 1`,
    );
    await sync.catchUp();
    const cheap = await both(search('quixotically', { priceMaxCents: 1 }));
    expect(cheap.actual).toEqual(cheap.expected);
    expect(cheap.actual.records.map((r) => r.id)).toEqual([id]);

    // A new SKU code finds its good.
    await db.execute(
      sql`update sku set code = 'QX-TEAPOT-1' where id = (select min(id) from sku where goods_id = ${id})`,
    );
    await sync.catchUp();
    expect(await goodsOf('qx-teapot-1')).toEqual([id]);

    // A good deleted by hand (the shop never deletes one) is gone after the next look.
    await db.execute(sql`delete from goods where id = ${id}`);
    await sync.catchUp();
    expect(await goodsOf('quixotically')).toEqual([]);
  });

  it('holds the goods cards of its searches until the good, its SKUs, their stock or its promotions change', async () => {
    // Caches on, as the shop runs: the cards are read once and let go when a look finds them changed.
    const reads = indexedSearchReads(db, 60_000, sync);
    const shopper = shopperOf(tiers[0]!);
    const cardOf = async (keyword: string) => {
      const page = await searchGoods(db, search(keyword), shopper, async () => null, reads);
      return page.records[0]!;
    };
    const [good] = await rowsOf<{ id: number }>(
      db,
      sql`select g.id from goods g where g.enabled and exists (select 1 from sku k where k.goods_id = g.id)
            and not exists (select 1 from promotion p where p.goods_id = g.id)
          order by g.id desc offset 3 limit 1`,
    );
    const id = good!.id;
    await db.execute(sql`update goods set name = 'Perspicacious Flax Basket' where id = ${id}`);
    await sync.catchUp();
    const first = await cardOf('perspicacious');
    expect(first).toMatchObject({ id, name: 'Perspicacious Flax Basket' });

    // Another process sells some of its stock: the card keeps what it read until the next look.
    await db.execute(
      sql`update stock set quantity = quantity + 7 where sku_id = (select min(id) from sku where goods_id = ${id}) and org_id = ${orgId ?? 0}`,
    );
    expect((await cardOf('perspicacious')).stock).toBe(first.stock);
    await sync.catchUp();
    expect((await cardOf('perspicacious')).stock).toBe(first.stock + 7);

    // Its price changed by hand, and a promotion starting: each seen at the next look.
    await db.execute(sql`update goods set retail_cents = 90000 where id = ${id}`);
    await sync.catchUp();
    expect((await cardOf('perspicacious')).price).toBe(900);
    await db.execute(
      sql`insert into promotion (sku_id, goods_id, price_cents, starts_at, ends_at)
          select id, goods_id, 4500, now() - interval '1 hour', now() + interval '1 hour' from sku where goods_id = ${id} limit 1`,
    );
    await sync.catchUp();
    expect(await cardOf('perspicacious')).toMatchObject({ price: 45, onPromotion: true });
  });

  it('keeps a card as it made it while its supplier is unchanged, across reloads of the suppliers', async () => {
    let clock = Date.now();
    const reads = indexedSearchReads(db, 1000, sync, { now: () => clock });
    const shopper = shopperOf(tiers[0]!);
    const cardOf = async () =>
      (await searchGoods(db, search('quizzical'), shopper, async () => null, reads)).records[0]!;
    const [good] = await rowsOf<{ id: number; supplier_id: number }>(
      db,
      sql`select id, supplier_id from goods where enabled order by id desc offset 5 limit 1`,
    );
    await db.execute(sql`update goods set name = 'Quizzical Harakeke Kete' where id = ${good!.id}`);
    await sync.catchUp();
    const first = await cardOf();
    expect(first.id).toBe(good!.id);

    // Far past the suppliers' freshness: they are read again, found as they were, and the card is
    // the very object made before (so its written JSON is kept too).
    clock += 60_000;
    expect(await cardOf()).toBe(first);

    // Its supplier renamed: the next reload after the freshness makes the card again.
    const [before] = await rowsOf<{ name: string }>(
      db,
      sql`select name from supplier where id = ${good!.supplier_id}`,
    );
    await db.execute(sql`update supplier set name = 'Kete Makers of Ōtaki' where id = ${good!.supplier_id}`);
    try {
      clock += 60_000;
      const renamed = await cardOf();
      expect(renamed).not.toBe(first);
      expect(renamed).toMatchObject({
        id: good!.id,
        supplierName: 'Kete Makers of Ōtaki',
        price: first.price,
      });
    } finally {
      await db.execute(sql`update supplier set name = ${before!.name} where id = ${good!.supplier_id}`);
    }
  });

  it.skipIf(testDbKind !== 'postgres')(
    'sees a write whose transaction commits after a look began',
    async () => {
      const [good] = await rowsOf<{ id: number }>(
        db,
        sql`select id from goods where enabled order by id desc limit 1`,
      );
      const other = new pg.Client({ connectionString: server.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update goods set name = 'Zymurgical Copper Kettle' where id = $1`, [good!.id]);
        // The look runs while the write is uncommitted: it cannot see it yet.
        await sync.catchUp();
        expect(await goodsOf('zymurgical')).toEqual([]);
        // A later write commits first; the look after the slow commit still sees the first.
        await db.execute(sql`update goods set sales = sales + 1 where id = (select min(id) from goods)`);
        await sync.catchUp();
        await other.query('commit');
        await sync.catchUp();
        expect(await goodsOf('zymurgical')).toEqual([good!.id]);
      } finally {
        await other.end();
      }
    },
  );
});
