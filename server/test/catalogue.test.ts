import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CategoryNode,
  categoryDetailSchema,
  categoryHeroItemSchema,
  categoryNodeSchema,
  goodsDetailSchema,
  promotionPriceSchema,
  RECOMMEND_PLACEMENT,
  recommendationListSchema,
  skuSchema,
} from '@mall/shared/contract/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../src/lib/sql.ts';
import { listGoodsSkus } from '../src/modules/catalogue/service.ts';
import { GUEST_TIER } from '../src/modules/shopper/index.ts';
import {
  addPromotion,
  insertFixtureCategories,
  insertFixtureGoods,
  organisationIdOf,
  setStock,
} from './catalogue-fixtures.ts';
import { expectData, fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const getData = <S extends z.ZodType>(url: string, schema: S, headers?: Record<string, string>) =>
  headers
    ? server.call({ url, headers }).then((res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return schema.parse(res.body.data) as z.infer<S>;
      })
    : expectData(server, url, schema);
const nodes = z.array(categoryNodeSchema);

const expectFailure = async (url: string, status: number, message: RegExp) => {
  const res = await server.call(url);
  expect(res.status, url).toBe(status);
  expect(res.body).toMatchObject({ success: false, code: status });
  expect(res.body.message).toMatch(message);
  // A 400 names the field as data too, the same field its message names; a 404 is plain words.
  if (status === 400) expect(res.body.message).toMatch(new RegExp(`^${fieldErrorsOf(res.body)[0]?.field}: `));
  else expect(res.body.data).toBeNull();
};

describe(`demo catalogue (${testDbKind})`, () => {
  it('holds at least 10 top-level categories, each with sub and third-level categories with pictures', async () => {
    const tree: CategoryNode[] = await getData('/api/good/category/headers', nodes);
    expect(tree.length).toBeGreaterThanOrEqual(10);
    expect(tree.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Pantry & Groceries', 'Fresh & Chilled', 'Electronics & Tech', 'Pets']),
    );
    for (const top of tree) {
      expect(top.children.length, top.name).toBeGreaterThan(0);
      for (const sub of top.children) {
        expect(sub.children.length, sub.name).toBeGreaterThan(0);
        for (const third of sub.children) {
          expect(third.pictureUrl, third.name).toMatch(/^\/uploads\/demo\/catalogue\/[a-z0-9-]+\.svg$/);
          expect(third.children).toEqual([]);
        }
      }
    }
  });

  it('has 2,000+ goods across the 7 enabled suppliers, ~15% in the self supplier, with promotions and limits', async () => {
    const db = server.database.db;
    const [counts] = await rowsOf<{
      goods: number;
      suppliers: number;
      self: number;
      promoted: number;
      limited: number;
      zero: number;
    }>(
      db,
      sql`select (select count(*)::int from goods) as goods,
            (select count(distinct supplier_id)::int from goods) as suppliers,
            (select count(*)::int from goods g join supplier s on s.id = g.supplier_id and s.self) as self,
            (select count(distinct goods_id)::int from promotion where starts_at <= now() and ends_at > now()) as promoted,
            (select count(distinct goods_id)::int from sku where max_count between 1 and 5) as limited,
            (select count(*)::int from stock where quantity = 0) as zero`,
    );
    expect(counts!.goods).toBeGreaterThanOrEqual(2000);
    expect(counts!.suppliers).toBe(7);
    expect(counts!.self / counts!.goods).toBeGreaterThan(0.1);
    expect(counts!.self / counts!.goods).toBeLessThan(0.2);
    expect(counts!.promoted / counts!.goods).toBeGreaterThan(0.07);
    expect(counts!.limited).toBeGreaterThan(50);
    expect(counts!.zero).toBeGreaterThan(0);
    const prices = await rowsOf<{ retail: number; wholesale: number; club: number }>(
      db,
      sql`select retail_price_cents as retail, wholesale_price_cents as wholesale, club_price_cents as club from sku`,
    );
    for (const p of prices) {
      expect([99, 90, 50]).toContain(p.retail % 100);
      expect(p.wholesale / p.retail).toBeGreaterThanOrEqual(0.69);
      expect(p.wholesale / p.retail).toBeLessThanOrEqual(0.81);
      expect(p.club / p.retail).toBeGreaterThanOrEqual(0.89);
      expect(p.club / p.retail).toBeLessThanOrEqual(0.96);
    }
  });

  it('writes every category and goods picture as a script-free SVG that the server serves', async () => {
    const rows = await rowsOf<{ url: string }>(
      server.database.db,
      sql`select distinct picture_url as url from category where picture_url is not null
          union select distinct unnest(pictures) from goods`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const { url } of rows.slice(0, 400)) {
      const file = path.join(server.config.uploadsDir, url.replace(/^\/uploads\//, ''));
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).not.toMatch(/<script|\son\w+=/i);
    }
    const res = await server.app.inject(rows[0]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

describe(`categories (${testDbKind})`, () => {
  it('gives a category by id and by key with its subtree and path', async () => {
    const tree = await getData('/api/good/category/headers', nodes);
    const top = tree[0]!;
    const detail = await getData(`/api/good/category/app/${top.id}`, categoryDetailSchema);
    expect(detail).toMatchObject({
      id: top.id,
      name: top.name,
      level: 1,
      path: [{ id: top.id, name: top.name }],
    });
    expect(detail.children).toEqual(top.children);
    const third = top.children[0]!.children[0]!;
    const byId = await getData(`/api/good/category/app/${third.id}`, categoryDetailSchema);
    expect(byId.level).toBe(3);
    expect(byId.path.map((p) => p.id)).toEqual([top.id, top.children[0]!.id, third.id]);
    const byKey = await getData(`/api/good/category/key/${byId.key}`, categoryDetailSchema);
    expect(byKey).toEqual(byId);
    expect((await getData('/api/good/category/key/manuka-honey', categoryDetailSchema)).name).toBe(
      'Mānuka Honey',
    );
  });

  it('answers 404 for an unknown category and 400 naming the field for a bad id or key', async () => {
    await expectFailure('/api/good/category/app/999999', 404, /No category with id 999999/);
    await expectFailure('/api/good/category/app/abc', 400, /^id: /);
    await expectFailure('/api/good/category/key/no-such-key', 404, /No category with key no-such-key/);
    await expectFailure('/api/good/category/key/bad%20key!', 400, /^key: /);
  });

  it('finds categories by keyword: prefix first, accents folded, typo-tolerant, flat, at most 20', async () => {
    const honey = await getData('/api/good/category/keyword/honey', nodes);
    expect(honey.map((c) => c.name)).toEqual(expect.arrayContaining(['Honey & Spreads', 'Mānuka Honey']));
    expect(honey[0]!.name).toBe('Honey & Spreads');
    for (const c of honey) expect(c.children).toEqual([]);
    expect((await getData('/api/good/category/keyword/manuka', nodes)).map((c) => c.name)).toContain(
      'Mānuka Honey',
    );
    expect((await getData('/api/good/category/keyword/hedphones', nodes)).map((c) => c.name)).toContain(
      'Headphones',
    );
    expect((await getData('/api/good/category/keyword/e', nodes)).length).toBeLessThanOrEqual(20);
    expect(await getData('/api/good/category/keyword/qqqqzzzz', nodes)).toEqual([]);
  });

  it('lists categories by ids in the order given, skipping unknown ids, and refuses bad lists naming ids', async () => {
    const tree = await getData('/api/good/category/headers', nodes);
    const [a, b] = [tree[2]!, tree[0]!.children[0]!];
    const list = await getData(`/api/good/category/p/ids/${a.id},999999,${b.id}`, nodes);
    expect(list).toEqual([
      { ...a, children: [] },
      { ...b, children: [] },
    ]);
    await expectFailure('/api/good/category/p/ids/1,x', 400, /^ids: /);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    await expectFailure(`/api/good/category/p/ids/${many}`, 400, /^ids: .*100/);
  });

  it('gives the featured categories for the hero with pictures and their goods counts', async () => {
    const hero = await getData('/api/good/category/hero', z.array(categoryHeroItemSchema));
    expect(hero.length).toBe(12);
    for (const h of hero) {
      expect(h.pictureUrl).toBeTruthy();
      const [row] = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from goods where category_id = ${h.id} and enabled`,
      );
      expect(h.goodsCount, h.name).toBe(row!.n);
    }
    const tree = await getData('/api/good/category/headers', nodes);
    const top = tree[1]!;
    const inTop = await getData(
      `/api/good/category/hero?parentId=${top.id}&limit=48`,
      z.array(categoryHeroItemSchema),
    );
    const thirdIds = top.children.flatMap((s) => s.children.map((t) => t.id));
    expect(inTop.length).toBeGreaterThan(0);
    for (const h of inTop) expect(thirdIds).toContain(h.id);
    await expectFailure('/api/good/category/hero?limit=0', 400, /^limit: /);
  });
});

describe(`goods detail, SKUs, promotions and recommendations (${testDbKind})`, () => {
  let fixture: { id: number; skuIds: number[] };
  let nzId: number;
  let chcId: number;
  const now = Date.now();

  beforeAll(async () => {
    const db = server.database.db;
    const cats = await insertFixtureCategories(db, 'Detail Fixture');
    [fixture] = (await insertFixtureGoods(db, cats.thirdId, [
      {
        name: 'Pūkeko Wool Throw',
        description: '<p onclick="steal()">Soft <script>alert(1)</script><strong>wool</strong></p>',
        supplier: 'AHL',
        skus: [
          { retail: 12999, wholesale: 9999, club: 11999, options: { colour: 'Navy' }, maxCount: 2 },
          { retail: 14999, wholesale: 10999, club: 13999, options: { colour: 'Sand' }, maxCount: 2 },
        ],
      },
    ])) as [{ id: number; skuIds: number[] }];
    nzId = await organisationIdOf(db, 'AKL-WH');
    chcId = await organisationIdOf(db, 'CHC-WH');
    await setStock(db, fixture.skuIds[0]!, nzId, 7);
    await setStock(db, fixture.skuIds[0]!, chcId, 3);
    await setStock(db, fixture.skuIds[1]!, nzId, 0);
    // The Navy SKU is on promotion now; the Sand one had a promotion that ended.
    await addPromotion(
      db,
      fixture.id,
      fixture.skuIds[0]!,
      10999,
      new Date(now - 86_400_000),
      new Date(now + 86_400_000),
    );
    await addPromotion(
      db,
      fixture.id,
      fixture.skuIds[1]!,
      9999,
      new Date(now - 3 * 86_400_000),
      new Date(now - 86_400_000),
    );
  });

  it("shows a good's detail: sanitised description, category path, options, SKUs with price, stock and limit", async () => {
    const detail = await getData(`/api/sale/good/detail/${fixture.id}`, goodsDetailSchema);
    expect(detail).toMatchObject({
      id: fixture.id,
      name: 'Pūkeko Wool Throw',
      supplierCode: 'AHL',
      self: false,
      price: 109.99,
      originalPrice: 129.99,
      onPromotion: true,
      stock: 7,
    });
    expect(detail.description).toBe('<p>Soft <strong>wool</strong></p>');
    expect(detail.categoryPath.map((c) => c.name)).toEqual([
      'Detail Fixture Top',
      'Detail Fixture Sub',
      'Detail Fixture Third',
    ]);
    expect(detail.options).toEqual([{ name: 'colour', values: ['Navy', 'Sand'] }]);
    expect(
      detail.skus.map((s) => [
        s.options.colour,
        s.price,
        s.originalPrice,
        s.onPromotion,
        s.stock,
        s.maxCount,
      ]),
    ).toEqual([
      ['Navy', 109.99, 129.99, true, 7, 2],
      ['Sand', 149.99, null, false, 0, 2],
    ]);
    expect(detail.skus[0]!.promotionEndsAt).toBe(new Date(now + 86_400_000).toISOString());
  });

  it("shows stock of the orgId header's organisation, falling back to the NZ stock one", async () => {
    const skus = z.array(skuSchema);
    const chc = await getData(`/api/org/sale/good/skus/${fixture.id}`, skus, { orgId: String(chcId) });
    expect(chc.map((s) => s.stock)).toEqual([3, 0]);
    const nz = await getData(`/api/org/sale/good/skus/${fixture.id}`, skus);
    expect(nz.map((s) => s.stock)).toEqual([7, 0]);
    const unknown = await getData(`/api/org/sale/good/skus/${fixture.id}`, skus, { orgId: '999999' });
    expect(unknown.map((s) => s.stock)).toEqual([7, 0]);
    const detail = await getData(`/api/sale/good/detail/${fixture.id}`, goodsDetailSchema, {
      orgId: String(chcId),
    });
    expect(detail.stock).toBe(3);
  });

  it('applies the price rule of every tier at the promotion boundaries (service with an explicit now)', async () => {
    const db = server.database.db;
    const start = new Date(now - 86_400_000);
    const end = new Date(now + 86_400_000);
    const navy = async (tier: typeof GUEST_TIER, at: Date) =>
      (await listGoodsSkus(db, fixture.id, { tier, orgId: nzId, now: at }))![0]!;
    const before = new Date(start.getTime() - 1);
    expect(await navy(GUEST_TIER, before)).toMatchObject({
      price: 129.99,
      originalPrice: null,
      onPromotion: false,
    });
    expect(await navy(GUEST_TIER, start)).toMatchObject({
      price: 109.99,
      originalPrice: 129.99,
      onPromotion: true,
    });
    expect(await navy(GUEST_TIER, new Date(end.getTime() - 1))).toMatchObject({ price: 109.99 });
    expect(await navy(GUEST_TIER, end)).toMatchObject({ price: 129.99, onPromotion: false });
    expect(await navy({ kind: 'retail', vip: false }, before)).toMatchObject({ price: 129.99 });
    expect(await navy({ kind: 'retail', vip: true }, before)).toMatchObject({
      price: 119.99,
      originalPrice: 129.99,
    });
    expect(await navy({ kind: 'retail', vip: true }, start)).toMatchObject({
      price: 109.99,
      onPromotion: true,
    });
    expect(await navy({ kind: 'wholesale', vip: false }, start)).toMatchObject({
      price: 99.99,
      originalPrice: 129.99,
      onPromotion: false,
    });
  });

  it('answers 404 naming the good for a missing or disabled good, 400 naming id for a bad one', async () => {
    await expectFailure('/api/sale/good/detail/999999', 404, /^No goods with id 999999\.$/);
    await expectFailure('/api/org/sale/good/skus/999999', 404, /^No goods with id 999999\.$/);
    await expectFailure('/api/sale/good/detail/0', 400, /^id: /);
    await expectFailure('/api/org/sale/good/skus/x', 400, /^id: /);
    const db = server.database.db;
    await db.execute(sql`update goods set enabled = false where id = ${fixture.id}`);
    try {
      await expectFailure(
        `/api/sale/good/detail/${fixture.id}`,
        404,
        new RegExp(`No goods with id ${fixture.id}`),
      );
    } finally {
      await db.execute(sql`update goods set enabled = true where id = ${fixture.id}`);
    }
  });

  it('lists the running promotion prices of the SKUs asked for, and refuses a bad list naming skuIds', async () => {
    const list = await getData(
      `/api/promotion/org/prom/price?skuIds=${fixture.skuIds[1]},${fixture.skuIds[0]},999999`,
      z.array(promotionPriceSchema),
    );
    expect(list).toEqual([
      {
        skuId: fixture.skuIds[0],
        price: 109.99,
        originalPrice: 129.99,
        startsAt: new Date(now - 86_400_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
      },
    ]);
    await expectFailure('/api/promotion/org/prom/price?skuIds=1,a', 400, /^skuIds: /);
    await expectFailure('/api/promotion/org/prom/price', 400, /skuIds/);
  });

  it('gives the recommendation blocks of each placement in order, and [] for an unknown placement', async () => {
    for (const placement of Object.values(RECOMMEND_PLACEMENT)) {
      const blocks = await getData(`/api/hot/recommend/app/${placement}`, recommendationListSchema);
      expect(blocks.length, String(placement)).toBeGreaterThanOrEqual(2);
      for (const b of blocks) {
        expect(b.title).toBeTruthy();
        expect(b.goods.length, b.title).toBeGreaterThan(0);
        expect(new Set(b.goods.map((g) => g.id)).size).toBe(b.goods.length);
      }
    }
    const home = await getData('/api/hot/recommend/app/1', recommendationListSchema);
    const best = home.find((b) => b.title === 'Best sellers')!;
    const sales = best.goods.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    expect(home.find((b) => b.title === 'On special')!.goods.every((g) => g.onPromotion)).toBe(true);
    expect(home.find((b) => b.title === 'Local SPY picks')!.goods.every((g) => g.self)).toBe(true);
    expect(await getData('/api/hot/recommend/app/99', recommendationListSchema)).toEqual([]);
    await expectFailure('/api/hot/recommend/app/home', 400, /^id: /);
  });

  it('documents every catalogue call in the OpenAPI document', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/api/good/category/headers',
      '/api/good/category/hero',
      '/api/good/category/app/{id}',
      '/api/good/category/key/{key}',
      '/api/good/category/keyword/{k}',
      '/api/good/category/p/ids/{ids}',
      '/api/search/keyword/hot',
      '/api/org/sale/good/search',
      '/api/sale/good/detail/{id}',
      '/api/org/sale/good/skus/{id}',
      '/api/promotion/org/prom/price',
      '/api/hot/recommend/app/{id}',
      '/api/search/keyword/query/{text}',
      '/search/keyword/query',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
