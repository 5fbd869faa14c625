import {
  type GoodsSearchResult,
  goodsSearchResultSchema,
  hotKeywordsSchema,
  suggestionsSchema,
} from '@mall/shared/contract/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { rebuildSuggestTerms } from '../src/modules/search/service.ts';
import { insertFixtureCategories, insertFixtureGoods } from './catalogue-fixtures.ts';
import { expectData, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
let cats: { topId: number; subId: number; thirdId: number };
const day = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const db = server.database.db;
  cats = await insertFixtureCategories(db, 'Search Fixture');
  const price = (retail: number) => [
    { retail, wholesale: Math.floor(retail * 0.75), club: Math.floor(retail * 0.92) },
  ];
  await insertFixtureGoods(db, cats.thirdId, [
    // Relevance: the name beats the description.
    { name: 'Zorblax Lantern', supplier: 'AHL', skus: price(2999), sales: 1 },
    {
      name: 'Plain Camp Lantern',
      description: '<p>Not a zorblax, but bright.</p>',
      supplier: 'AHL',
      skus: price(1999),
      sales: 900,
    },
    // Accents, case and stemming.
    { name: 'KŌRIMAKO Mānuka Drops', supplier: 'PBC', skus: price(1550), sales: 5 },
    { name: 'Wendigo Hiking Boot', supplier: 'SAO', skus: price(15990), sales: 7 },
    // Filters, sorts and facets: five 'quokkafern' goods with known prices, sales and dates.
    {
      name: 'Quokkafern Mug',
      supplier: 'AHL',
      skus: price(1290),
      sales: 40,
      createdAt: new Date(Date.now() - 5 * day),
    },
    {
      name: 'Quokkafern Bowl',
      supplier: 'AHL',
      skus: price(2490),
      sales: 10,
      createdAt: new Date(Date.now() - 1 * day),
    },
    {
      name: 'Quokkafern Plate',
      supplier: 'SPY',
      skus: price(990),
      sales: 30,
      createdAt: new Date(Date.now() - 3 * day),
    },
    {
      name: 'Quokkafern Jug',
      supplier: 'SPY',
      skus: price(4550),
      sales: 20,
      createdAt: new Date(Date.now() - 2 * day),
    },
    {
      name: 'Quokkafern Tray',
      supplier: 'TST',
      skus: price(3390),
      sales: 50,
      createdAt: new Date(Date.now() - 4 * day),
    },
    { name: 'Quokkafern Hidden', supplier: 'TST', skus: price(100), sales: 99, enabled: false },
  ]);
  await rebuildSuggestTerms(db);
});
afterAll(() => server.close());

const search = (query: string): Promise<GoodsSearchResult> =>
  expectData(server, `/api/org/sale/good/search?${query}`, goodsSearchResultSchema);
const names = (r: GoodsSearchResult) => r.records.map((g) => g.name);

describe(`goods search quality (${testDbKind})`, () => {
  it('ranks a good whose name has the word above one that only mentions it in its description', async () => {
    const r = await search('keyword=zorblax');
    expect(names(r)).toEqual(['Zorblax Lantern', 'Plain Camp Lantern']);
    expect(r.total).toBe(2);
  });

  it('finds a good by the code or the barcode of one of its SKUs, as typed in any case', async () => {
    const db = server.database.db;
    const [tray] = await rowsOf<{ id: number; code: string }>(
      db,
      sql`select s.id, s.code from sku s join goods g on g.id = s.goods_id where g.name = 'Quokkafern Tray'`,
    );
    expect(names(await search(`keyword=${tray!.code.toLowerCase()}`))).toEqual(['Quokkafern Tray']);
    await db.execute(sql`update sku set gtin = '9429999999994' where id = ${tray!.id}`);
    expect(names(await search('keyword=9429999999994'))).toEqual(['Quokkafern Tray']);
  });

  it('folds accents and case, and stems English words', async () => {
    expect(names(await search('keyword=korimako%20manuka'))).toEqual(['KŌRIMAKO Mānuka Drops']);
    expect(names(await search('keyword=K%C5%8Drimako'))).toEqual(['KŌRIMAKO Mānuka Drops']);
    expect(names(await search('keyword=wendigo%20boots'))).toEqual(['Wendigo Hiking Boot']);
    const manuka = await search('keyword=manuka&pageSize=50');
    expect(manuka.total).toBeGreaterThan(5);
    expect(manuka.records.filter((g) => /Mānuka/.test(g.name)).length).toBeGreaterThan(5);
  });

  it('forgives typos: chocolat and choclate find chocolate goods', async () => {
    for (const typo of ['chocolat', 'choclate']) {
      const r = await search(`keyword=${typo}`);
      expect(r.total, typo).toBeGreaterThan(5);
      expect(r.records[0]!.name, typo).toMatch(/chocolate/i);
      expect(r.suggestions).toEqual([]);
    }
    expect(names(await search('keyword=quokkafren%20mug'))).toContain('Quokkafern Mug');
  });

  it('finds every banner keyword of the home page in the demo catalogue', async () => {
    for (const k of [
      'honey',
      'merino',
      'laptop',
      'wool',
      'skincare',
      'toys',
      'beach',
      'throw',
      'headphones',
    ]) {
      const r = await search(`keyword=${k}`);
      expect(r.total, k).toBeGreaterThan(3);
    }
  });
});

describe(`goods search filters, sorts and facets (${testDbKind})`, () => {
  it('filters by supplier code, and answers an empty result for an unknown supplier', async () => {
    const r = await search('keyword=quokkafern&supplier=SPY');
    expect(names(r).sort()).toEqual(['Quokkafern Jug', 'Quokkafern Plate']);
    expect(r.records.every((g) => g.self && g.supplierCode === 'SPY')).toBe(true);
    // The category facet counts the filtered result; the supplier facet leaves its own filter out,
    // so the shopper still sees what switching supplier would find.
    expect(r.total).toBe(2);
    expect(r.facets.categories.reduce((n, f) => n + f.count, 0)).toBe(2);
    expect(r.facets.suppliers).toEqual([
      { code: 'SPY', name: 'Local SPY', count: 2 },
      { code: 'AHL', name: 'Aotearoa Home & Living', count: 2 },
      { code: 'TST', name: 'Tasman Tech', count: 1 },
    ]);
    const none = await search('keyword=quokkafern&supplier=NOPE');
    expect(none.total).toBe(0);
    expect(none.records).toEqual([]);
    expect(none.suggestions.length).toBeGreaterThan(0);
  });

  it('filters by a category and its whole subtree', async () => {
    for (const id of [cats.topId, cats.subId, cats.thirdId]) {
      expect((await search(`categoryId=${id}&pageSize=100`)).total, String(id)).toBe(9);
    }
    const honeyCat = await rowsOf<{ id: number }>(
      server.database.db,
      sql`select id from category where key = 'pantry-and-groceries'`,
    );
    const pantry = await search(`keyword=all&categoryId=${honeyCat[0]!.id}&pageSize=5`);
    const [row] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from goods where top_category_id = ${honeyCat[0]!.id} and enabled`,
    );
    expect(pantry.total).toBe(row!.n);
    // Facets under a chosen top-level category are its sub-categories.
    const subs = await rowsOf<{ id: number }>(
      server.database.db,
      sql`select id from category where parent_id = ${honeyCat[0]!.id}`,
    );
    for (const f of pantry.facets.categories) expect(subs.map((s) => s.id)).toContain(f.id);
    expect(pantry.facets.categories.reduce((n, f) => n + f.count, 0)).toBe(pantry.total);
  });

  it('filters by the shown price range, refusing priceMin above priceMax naming priceMin', async () => {
    const r = await search('keyword=quokkafern&priceMin=12.9&priceMax=33.9&sort=priceAsc');
    expect(r.records.map((g) => g.price)).toEqual([12.9, 24.9, 33.9]);
    const res = await server.call('/api/org/sale/good/search?keyword=quokkafern&priceMin=20&priceMax=10');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 400,
      message: 'priceMin: must not be more than priceMax',
      data: { errors: [{ field: 'priceMin', message: 'must not be more than priceMax' }] },
    });
    const bad = await server.call('/api/org/sale/good/search?priceMin=1.234');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^priceMin: /);
    const neg = await server.call('/api/org/sale/good/search?priceMax=-1');
    expect(neg.body.message).toMatch(/^priceMax: /);
    const sort = await server.call('/api/org/sale/good/search?sort=cheapest');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/^sort: /);
    const category = await server.call(`/api/org/sale/good/search?categoryId=${2 ** 31}`);
    expect(category.status).toBe(400);
    expect(category.body.message).toMatch(/^categoryId: is too large/);
  });

  it('orders by every sort: price up and down, sales, newest; relevance falls back to sales', async () => {
    const byPriceAsc = await search('keyword=quokkafern&sort=priceAsc');
    expect(byPriceAsc.records.map((g) => g.price)).toEqual([9.9, 12.9, 24.9, 33.9, 45.5]);
    const byPriceDesc = await search('keyword=quokkafern&sort=priceDesc');
    expect(byPriceDesc.records.map((g) => g.price)).toEqual([45.5, 33.9, 24.9, 12.9, 9.9]);
    const bySales = await search('keyword=quokkafern&sort=sales');
    expect(bySales.records.map((g) => g.sales)).toEqual([50, 40, 30, 20, 10]);
    const newest = await search('keyword=quokkafern&sort=newest');
    expect(names(newest)).toEqual([
      'Quokkafern Bowl',
      'Quokkafern Jug',
      'Quokkafern Plate',
      'Quokkafern Tray',
      'Quokkafern Mug',
    ]);
    const all = await search('keyword=all&pageSize=30');
    const sales = all.records.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const demoDesc = await search('keyword=honey&sort=priceDesc&pageSize=40');
    const prices = demoDesc.records.map((g) => g.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('pages through the result with a stable total and no repeats', async () => {
    const first = await search('keyword=honey&pageSize=10&pageNum=1');
    const second = await search('keyword=honey&pageSize=10&pageNum=2');
    expect(first.total).toBe(second.total);
    expect(first.records).toHaveLength(10);
    expect(second).toMatchObject({ pageNum: 2, pageSize: 10 });
    const ids = new Set([...first.records, ...second.records].map((g) => g.id));
    expect(ids.size).toBe(20);
    const last = Math.ceil(first.total / 10);
    const end = await search(`keyword=honey&pageSize=10&pageNum=${last}`);
    expect(end.records.length).toBe(first.total - (last - 1) * 10);
    expect((await search(`keyword=honey&pageSize=10&pageNum=${last + 1}`)).records).toEqual([]);
    const big = await server.call('/api/org/sale/good/search?pageSize=101');
    expect(big.body.message).toMatch(/^pageSize: /);
  });

  it('counts every good by category and supplier when browsing without a keyword', async () => {
    const all = await search('keyword=all&pageSize=1');
    const [counted] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from goods g join supplier s on s.id = g.supplier_id where g.enabled and s.enabled`,
    );
    expect(all.total).toBe(counted!.n);
    expect(all.facets.categories.reduce((sum, f) => sum + f.count, 0)).toBe(all.total);
    expect(all.facets.suppliers.reduce((sum, f) => sum + f.count, 0)).toBe(all.total);
    for (const f of all.facets.categories.slice(0, 3)) {
      const inCategory = await search(`keyword=all&categoryId=${f.id}&pageSize=1`);
      expect(inCategory.total, f.name).toBe(f.count);
      // The category's own facet lists its sub-categories, which add up to it.
      expect(inCategory.facets.categories.reduce((sum, c) => sum + c.count, 0)).toBe(f.count);
    }
    for (const f of all.facets.suppliers) {
      expect((await search(`keyword=all&supplier=${f.code}&pageSize=1`)).total, f.code).toBe(f.count);
    }
  });

  it('keeps the browse counts in step when goods are disabled or moved', async () => {
    const db = server.database.db;
    const totalOf = async (query: string) => (await search(`${query}&pageSize=1`)).total;
    const before = await totalOf('keyword=all');
    const inTop = await totalOf(`keyword=all&categoryId=${cats.topId}`);
    const [first, second] = (await search('keyword=quokkafern')).records;
    const other = (await search('keyword=all&pageSize=1')).facets.suppliers.find(
      (f) => f.code !== second!.supplierCode,
    )!;
    const ofOther = await totalOf(`keyword=all&supplier=${other.code}`);
    try {
      await db.execute(sql`update goods set enabled = false where id = ${first!.id}`);
      expect(await totalOf('keyword=all')).toBe(before - 1);
      expect(await totalOf(`keyword=all&categoryId=${cats.topId}`)).toBe(inTop - 1);
      await db.execute(sql`update goods set enabled = true where id = ${first!.id}`);
      expect(await totalOf(`keyword=all&categoryId=${cats.topId}`)).toBe(inTop);

      await db.execute(
        sql`update goods set supplier_id = (select id from supplier where code = ${other.code}) where id = ${second!.id}`,
      );
      expect(await totalOf(`keyword=all&supplier=${other.code}`)).toBe(ofOther + 1);
      expect(await totalOf('keyword=all')).toBe(before);
    } finally {
      await db.execute(sql`update goods set enabled = true where id = ${first!.id}`);
      await db.execute(
        sql`update goods set supplier_id = (select id from supplier where code = ${second!.supplierCode}) where id = ${second!.id}`,
      );
    }
    expect(await totalOf(`keyword=all&supplier=${other.code}`)).toBe(ofOther);
  });

  it('counts facets that equal the filtered counts', async () => {
    const r = await search('keyword=honey&pageSize=1');
    expect(r.facets.categories.reduce((n, f) => n + f.count, 0)).toBe(r.total);
    expect(r.facets.suppliers.reduce((n, f) => n + f.count, 0)).toBe(r.total);
    for (const f of r.facets.categories) {
      expect((await search(`keyword=honey&categoryId=${f.id}&pageSize=1`)).total, f.name).toBe(f.count);
    }
    for (const f of r.facets.suppliers) {
      expect((await search(`keyword=honey&supplier=${f.code}&pageSize=1`)).total, f.code).toBe(f.count);
    }
    const fixture = await search('keyword=quokkafern');
    expect(fixture.total).toBe(5);
    expect(fixture.facets.categories).toEqual([{ id: cats.topId, name: 'Search Fixture Top', count: 5 }]);
    // Most goods first; equal counts in the suppliers' order (the self supplier first).
    expect(fixture.facets.suppliers).toEqual([
      { code: 'SPY', name: 'Local SPY', count: 2 },
      { code: 'AHL', name: 'Aotearoa Home & Living', count: 2 },
      { code: 'TST', name: 'Tasman Tech', count: 1 },
    ]);
  });

  it('answers a search that finds nothing with suggestions, never nothing', async () => {
    const r = await search('keyword=xqzvwk%20plorf');
    expect(r).toMatchObject({ total: 0, records: [], facets: { categories: [], suppliers: [] } });
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(r.suggestions.length).toBeLessThanOrEqual(10);
    const filtered = await search('keyword=honey&priceMin=99999');
    expect(filtered.total).toBe(0);
    expect(filtered.suggestions.length).toBeGreaterThan(0);
  });
});

describe(`hot keywords and suggestions (${testDbKind})`, () => {
  it('counts hot keywords from real searches (first pages only), listing only keywords that found goods', async () => {
    const before = await expectData(server, '/api/search/keyword/hot', hotKeywordsSchema);
    expect(before.length).toBe(10);
    expect(before.slice(0, 3)).toEqual(['honey', 'merino', 'chocolate']);
    for (let i = 0; i < 3; i++) await search('keyword=Quokkafern%20%20Mug');
    await search('keyword=quokkafern%20mug&pageNum=2');
    await search('keyword=xqzvwk');
    // A filtered search that finds nothing does not make a keyword 'find nothing'.
    await search('keyword=quokkafern%20mug&priceMin=9999');
    await expectData(server, '/api/search/keyword/hot', hotKeywordsSchema);
    const rows = await rowsOf<{ keyword: string; search_count: number; result_count: number }>(
      server.database.db,
      sql`select keyword, search_count, result_count from hot_keyword where keyword in ('quokkafern mug', 'xqzvwk') order by keyword`,
    );
    expect(rows).toEqual([
      { keyword: 'quokkafern mug', search_count: 4, result_count: 1 },
      { keyword: 'xqzvwk', search_count: 1, result_count: 0 },
    ]);
    await server.database.db.execute(
      sql`update hot_keyword set search_count = 100000 where keyword in ('quokkafern mug', 'xqzvwk')`,
    );
    const after = await expectData(server, '/api/search/keyword/hot', hotKeywordsSchema);
    expect(after[0]).toBe('quokkafern mug');
    expect(after).not.toContain('xqzvwk');
    await server.database.db.execute(
      sql`delete from hot_keyword where keyword in ('quokkafern mug', 'xqzvwk')`,
    );
  });

  it('suggests at most 10, prefix matches first', async () => {
    const choc = await expectData(server, '/api/search/keyword/query/choc', suggestionsSchema);
    expect(choc.length).toBeGreaterThan(0);
    expect(choc[0]).toBe('chocolate');
    const prefixed = choc.filter((s) => s.startsWith('choc'));
    expect(choc.slice(0, prefixed.length)).toEqual(prefixed);
    const c = await expectData(server, '/api/search/keyword/query/c', suggestionsSchema);
    expect(c.length).toBe(10);
    expect(c.every((s) => s.startsWith('c') || s.includes(' c'))).toBe(true);
    expect(await expectData(server, '/api/search/keyword/query/xqzvwkpl', suggestionsSchema)).toEqual([]);
  });

  it('tolerates one typo in what is typed', async () => {
    const cases: [string, string][] = [
      ['choclate', 'chocolate'],
      ['merni', 'merino'],
      ['hony', 'honey'],
      ['headphnes', 'headphones'],
      ['lpatop', 'laptop'],
    ];
    for (const [typed, expected] of cases) {
      const s = await expectData(server, `/api/search/keyword/query/${typed}`, suggestionsSchema);
      expect(s, typed).toContain(expected);
      expect(s.length).toBeLessThanOrEqual(10);
    }
  });

  it('serves the legacy helper by GET and POST, with and without /api, by path or keyword', async () => {
    const expected = await expectData(server, '/api/search/keyword/query/merino', suggestionsSchema);
    expect(expected).toContain('merino');
    for (const url of [
      '/search/keyword/query/merino',
      '/search/keyword/query?keyword=merino',
      '/api/search/keyword/query/merino',
      '/api/search/keyword/query?keyword=merino',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await server.call({ method, url });
        expect(res.status, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.body.data, `${method} ${url}`).toEqual(expected);
      }
    }
    const body = await server.call({
      method: 'POST',
      url: '/search/keyword/query',
      payload: { keyword: 'merino' },
    });
    expect(body.body.data).toEqual(expected);
    const empty = await server.call('/search/keyword/query');
    expect(empty.body.data).toEqual(await expectData(server, '/api/search/keyword/hot', hotKeywordsSchema));
    const long = await server.call(`/search/keyword/query/${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^text: /);
  });
});
