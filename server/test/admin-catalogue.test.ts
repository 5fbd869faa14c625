import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { takeStock } from '../src/modules/catalogue/stock.ts';
import { BELOW_ZERO, changeStock } from '../src/modules/catalogue/stock-changes.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone, type Who } from './admin-matrix.ts';
import { insertFixtureCategories, setStock, supplierIdOf } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { stockNow } from './order-helpers.ts';

/** The back office's catalogue and stock (docs/back-office-catalogue.md). */

let server: TestServer;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;
let fx: {
  categoryId: number;
  supplierId: number;
  org: number;
  skuId: number;
  skuIds: number[];
  skuCode: string;
  goodsId: number;
};

// The shop's caches keep reads for a minute here: a change is seen at once only because edits empty them.
const CACHE_ENV = { CATALOGUE_CACHE_MS: '60000' };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** 1e19 is written in JSON with all its 20 digits. */
const TWENTY_DIGITS = 1e19;

const unique = () => randomBytes(4).toString('hex');
/** Letters only: a name's words are its runs of letters. */
const uniqueWord = () => [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

const goodBody = (over: Record<string, unknown> = {}) => ({
  name: `Kawakawa Balm ${unique()}`,
  brand: 'Rongoā',
  categoryId: fx.categoryId,
  supplierId: fx.supplierId,
  description: '<p>Soothing <script>alert(1)</script>balm</p>',
  pictures: [],
  optionNames: ['size'],
  skus: [
    {
      options: { size: '50 ml' },
      retailCents: 1999,
      wholesaleCents: 1500,
      clubCents: 1800,
      maxCount: 5,
      promotions: [],
    },
    {
      options: { size: '100 ml' },
      retailCents: 2999,
      wholesaleCents: 2500,
      clubCents: 2700,
      maxCount: null,
      promotions: [],
    },
  ],
  ...over,
});

const as = (who: Who) => everyone.headersOf(who);

const counts = async () => {
  const [r] = await rowsOf<Record<string, number>>(
    server.database.db,
    sql`select (select count(*)::int from goods) as goods, (select count(*)::int from sku) as skus,
          (select count(*)::int from promotion) as promotions, (select count(*)::int from goods where enabled) as published,
          (select coalesce(sum(quantity), 0)::int from stock) as units, (select count(*)::int from stock_history) as history,
          (select count(*)::int from audit_log) as audit,
          (select md5(string_agg(id || name || brand || retail_cents, ',' order by id)) from goods) as goods_hash`,
  );
  return r!;
};

const createGood = async (over: Record<string, unknown> = {}) => {
  const res = await server.call<{ id: number; name: string; skus: { id: number; code: string }[] }>({
    method: 'POST',
    url: '/api/admin/goods',
    headers: as('catalogue'),
    payload: goodBody(over),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const shopSearch = async (keyword: string) => {
  const res = await server.call<{ records: { id: number; name: string; price: number }[]; total: number }>(
    `/api/org/sale/good/search?keyword=${encodeURIComponent(keyword)}`,
  );
  expect(res.status).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: CACHE_ENV });
  everyone = await signInEveryone(server);
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Back office');
  fx = {
    categoryId: cats.thirdId,
    supplierId: await supplierIdOf(db, 'AHL'),
    org: (await resolveStockOrganisationId(db, null))!,
    skuId: 0,
    skuIds: [],
    skuCode: '',
    goodsId: 0,
  };
  const good = await createGood({ name: 'Matrix fixture good' });
  fx.goodsId = good.id;
  fx.skuIds = good.skus.map((s) => s.id);
  fx.skuId = fx.skuIds[0]!;
  fx.skuCode = good.skus[0]!.code;
});
afterAll(() => server.close());

const calls: MatrixCall[] = [
  {
    name: 'GET /admin/goods',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'GET', url: '/api/admin/goods?q=balm' }),
  },
  {
    name: 'GET /admin/goods/choices',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'GET', url: '/api/admin/goods/choices' }),
  },
  {
    name: 'GET /admin/goods/{id}',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'GET', url: `/api/admin/goods/${fx.goodsId}` }),
  },
  {
    name: 'POST /admin/goods',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'POST', url: '/api/admin/goods', payload: goodBody() }),
  },
  {
    name: 'PUT /admin/goods/{id}',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    // The fixture good's SKUs keep their ids: a new name each time.
    request: () => ({
      method: 'PUT',
      url: `/api/admin/goods/${fx.goodsId}`,
      payload: goodBody({ name: `Matrix fixture ${unique()}`, skus: fixtureSkus() }),
    }),
  },
  {
    name: 'POST /admin/goods/{id}/publish',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({
      method: 'POST',
      url: `/api/admin/goods/${fx.goodsId}/publish`,
      payload: { published: true },
    }),
  },
  // A request that is not multipart, let through, is refused for its missing file.
  {
    name: 'POST /admin/goods/pictures',
    allowed: ['owner', 'catalogue'],
    okStatus: 400,
    request: () => ({ method: 'POST', url: '/api/admin/goods/pictures', payload: {} }),
  },
  {
    name: 'GET /admin/stock',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'GET', url: `/api/admin/stock?code=${fx.skuCode}` }),
  },
  {
    name: 'POST /admin/stock',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({
      method: 'POST',
      url: '/api/admin/stock',
      payload: { skuId: fx.skuId, orgId: fx.org, mode: 'adjust', units: 1, reason: 'matrix count' },
    }),
  },
  {
    name: 'GET /admin/stock/history',
    allowed: ['owner', 'catalogue'],
    okStatus: 200,
    request: () => ({ method: 'GET', url: `/api/admin/stock/history?skuId=${fx.skuId}` }),
  },
];

describe(`back office: catalogue role matrix (${testDbKind})`, () => {
  roleMatrixTests(calls, () => ({ server, headersOf: everyone.headersOf }), counts);
});

function fixtureSkus() {
  return [
    {
      id: fx.skuIds[0],
      options: { size: '50 ml' },
      retailCents: 1999,
      wholesaleCents: 1500,
      clubCents: 1800,
      maxCount: 5,
      promotions: [],
    },
    {
      id: fx.skuIds[1],
      options: { size: '100 ml' },
      retailCents: 2999,
      wholesaleCents: 2500,
      clubCents: 2700,
      maxCount: null,
      promotions: [],
    },
  ];
}

describe(`back office: goods (${testDbKind})`, () => {
  it('creates a good with two SKUs unpublished, publishes it, and the shop finds it at once though its caches keep reads a minute', async () => {
    const word = `Tuatara${uniqueWord()}`;
    const good = await createGood({ name: `${word} Flax Kete` });
    expect(good.skus).toHaveLength(2);
    expect(good.skus.every((s) => /^KM-\d{6}$/.test(s.code))).toBe(true);
    const shopIds = async () => (await shopSearch(word)).records.map((r) => r.id);
    // Not published yet: the shop does not find it.
    expect(await shopIds()).not.toContain(good.id);
    const pub = await server.call({
      method: 'POST',
      url: `/api/admin/goods/${good.id}/publish`,
      headers: as('catalogue'),
      payload: { published: true },
    });
    expect(pub.status).toBe(200);
    const found = (await shopSearch(word)).records.filter((r) => r.id === good.id);
    expect(found.map((r) => [r.name, r.price])).toEqual([[`${word} Flax Kete`, 19.99]]);
    // The goods page and the suggestions see it too.
    const detail = await server.call(`/api/sale/good/detail/${good.id}`);
    expect(JSON.stringify(detail.body.data)).toContain(`${word} Flax Kete`);
    const suggest = await server.call<string[]>(
      `/api/search/keyword/query?keyword=${word.slice(0, 10).toLowerCase()}`,
    );
    expect(suggest.body.data).toContain(word.toLowerCase());

    // A rename and a price change show on the same (cached) search at once.
    const renamed = await server.call({
      method: 'PUT',
      url: `/api/admin/goods/${good.id}`,
      headers: as('owner'),
      payload: goodBody({
        name: `${word} Harakeke Kete`,
        skus: good.skus.map((s, i) => ({
          ...goodBody().skus[i],
          id: s.id,
          code: s.code,
          retailCents: 2499 + i * 1000,
        })),
      }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = (await shopSearch(word)).records.filter((r) => r.id === good.id);
    expect(after.map((r) => [r.name, r.price])).toEqual([[`${word} Harakeke Kete`, 24.99]]);

    // Unpublished, it leaves the shop's search at once.
    await server.call({
      method: 'POST',
      url: `/api/admin/goods/${good.id}/publish`,
      headers: as('owner'),
      payload: { published: false },
    });
    expect(await shopIds()).not.toContain(good.id);
  });

  it('keeps the description harmless, the lowest SKU prices on the good, and promotions with their window', async () => {
    const now = Date.now();
    const good = await createGood({
      skus: [
        {
          options: { size: 'S' },
          retailCents: 2000,
          wholesaleCents: 1600,
          clubCents: 1800,
          maxCount: null,
          promotions: [
            {
              priceCents: 1500,
              startsAt: new Date(now - 3_600_000).toISOString(),
              endsAt: new Date(now + 3_600_000).toISOString(),
            },
          ],
        },
        {
          options: { size: 'L' },
          retailCents: 2500,
          wholesaleCents: 2000,
          clubCents: 2200,
          maxCount: 2,
          promotions: [],
        },
      ],
    });
    const read = await server.call<{
      description: string;
      skus: { promotions: unknown[]; maxCount: number | null }[];
    }>({
      url: `/api/admin/goods/${good.id}`,
      headers: as('catalogue'),
    });
    expect(read.body.data.description).toBe('<p>Soothing balm</p>');
    expect(read.body.data.skus.map((s) => [s.promotions.length, s.maxCount])).toEqual([
      [1, null],
      [0, 2],
    ]);
    const [g] = await rowsOf<{ retail_cents: number; wholesale_cents: number; club_cents: number }>(
      server.database.db,
      sql`select retail_cents, wholesale_cents, club_cents from goods where id = ${good.id}`,
    );
    expect(g).toEqual({ retail_cents: 2000, wholesale_cents: 1600, club_cents: 1800 });
    await server.call({
      method: 'POST',
      url: `/api/admin/goods/${good.id}/publish`,
      headers: as('owner'),
      payload: { published: true },
    });
    const card = (await shopSearch(good.name)).records.find((r) => r.id === good.id);
    expect(card?.price).toBe(15);
  });

  it('lists goods by name words or SKU code, with category, supplier and published filters, and pages', async () => {
    const word = `Pohutukawa${unique()}`;
    const a = await createGood({ name: `${word} Candle` });
    const b = await createGood({ name: `${word} Soap` });
    await server.call({
      method: 'POST',
      url: `/api/admin/goods/${b.id}/publish`,
      headers: as('owner'),
      payload: { published: true },
    });
    type Page = {
      records: { id: number; name: string; published: boolean; skuCount: number; supplierName: string }[];
      total: number;
    };
    const list = async (query: string) => {
      const res = await server.call<Page>({ url: `/api/admin/goods?${query}`, headers: as('catalogue') });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect((await list(`q=${word.toLowerCase()}`)).records.map((g) => g.id)).toEqual([b.id, a.id]);
    expect((await list(`q=${word}&published=true`)).records.map((g) => g.id)).toEqual([b.id]);
    expect((await list(`q=${word}&published=false`)).records.map((g) => g.id)).toEqual([a.id]);
    expect((await list(`q=${a.skus[1]!.code}`)).records.map((g) => g.id)).toEqual([a.id]);
    // A text that is both a SKU code's start and words of another good's name finds both, paged.
    const refill = await createGood({ name: `Refill for ${a.skus[1]!.code}` });
    const both = await list(`q=${a.skus[1]!.code.toLowerCase()}&pageSize=1&pageNum=2`);
    expect([both.records.map((g) => g.id), both.total]).toEqual([[a.id], 2]);
    expect((await list(`q=${a.skus[1]!.code}&pageSize=5`)).records.map((g) => g.id)).toEqual([
      refill.id,
      a.id,
    ]);
    const cat = await list(
      `categoryId=${fx.categoryId}&supplierId=${fx.supplierId}&q=${word}&pageSize=1&pageNum=2`,
    );
    expect(cat.total).toBe(2);
    expect(cat.records.map((g) => g.id)).toEqual([a.id]);
    expect(cat.records[0]).toMatchObject({ skuCount: 2, published: false, supplierName: expect.any(String) });
    const other = await supplierIdOf(server.database.db, 'PBC');
    expect((await list(`q=${word}&supplierId=${other}`)).total).toBe(0);
  });

  it('pages a text search of thousands of goods newest first, saying "1,000+" past the cap, and counts a rarer word exactly', async () => {
    const db = server.database.db;
    const common = uniqueWord();
    const rare = uniqueWord();
    // 4,000 goods: more than the newest goods a search looks through first; every 100th holds the rarer word too.
    const made = await rowsOf<{ id: number }>(
      db,
      sql`insert into goods (supplier_id, category_id, name, retail_cents, wholesale_cents, club_cents)
          select ${fx.supplierId}, ${fx.categoryId},
                 ${common} || ' item ' || i || case when i % 100 = 0 then ' ' || ${rare} else '' end, 100, 100, 100
          from generate_series(1, 4000) as i
          returning id`,
    );
    await db.execute(sql`analyze goods_admin_row`);
    const ids = made.map((r) => r.id).sort((a, b) => b - a);
    type Page = { records: { id: number }[]; total: number; totalCapped: boolean };
    const list = async (query: string) => {
      const res = await server.call<Page>({ url: `/api/admin/goods?${query}`, headers: as('catalogue') });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const third = await list(`q=${common}&pageNum=3&pageSize=20`);
    expect(third.records.map((g) => g.id)).toEqual(ids.slice(40, 60));
    expect([third.total, third.totalCapped]).toEqual([1000, true]);
    const rareIds = ids.filter((_, i) => (4000 - i) % 100 === 0);
    const rarePage = await list(`q=${rare}&pageNum=2&pageSize=25`);
    expect(rarePage.records.map((g) => g.id)).toEqual(rareIds.slice(25, 40));
    expect([rarePage.total, rarePage.totalCapped]).toEqual([40, false]);
    const onePage = await list(`q=${rare}&pageSize=100`);
    expect([onePage.records.length, onePage.total]).toEqual([40, 40]);
  });

  it('audits every change with its before and after in the same transaction', async () => {
    const good = await createGood();
    await server.call({
      method: 'POST',
      url: `/api/admin/goods/${good.id}/publish`,
      headers: as('owner'),
      payload: { published: true },
    });
    const rows = await rowsOf<{
      action: string;
      before: { published?: boolean } | null;
      after: { name?: string; published?: boolean };
    }>(
      server.database.db,
      sql`select action, before, after from audit_log where subject = ${`goods ${good.id}`} order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['goods.create', 'goods.publish']);
    expect(rows[0]!.after.name).toBe(good.name);
    expect(rows[1]!.before).toEqual({ published: false });
    expect(rows[1]!.after).toEqual({ published: true });
  });

  it('refuses to drop a saved SKU, a code another good holds, and a SKU of another good, changing nothing', async () => {
    const good = await createGood();
    const other = await createGood();
    const before = await counts();
    const put = (skus: unknown[]) =>
      server.call({
        method: 'PUT',
        url: `/api/admin/goods/${good.id}`,
        headers: as('owner'),
        payload: goodBody({ name: 'Changed', skus }),
      });
    const base = goodBody().skus;
    const dropped = await put([{ ...base[0], id: good.skus[0]!.id }]);
    expect(dropped.status).toBe(400);
    const taken = await put([
      { ...base[0], id: good.skus[0]!.id, code: other.skus[0]!.code },
      { ...base[1], id: good.skus[1]!.id },
    ]);
    expect(taken.status).toBe(409);
    const foreign = await put([
      { ...base[0], id: good.skus[0]!.id },
      { ...base[1], id: other.skus[1]!.id },
    ]);
    expect(foreign.status).toBe(400);
    expect(await counts()).toEqual(before);
    // Codes may swap between a good's own SKUs.
    const swapped = await put([
      { ...base[0], id: good.skus[0]!.id, code: good.skus[1]!.code },
      { ...base[1], id: good.skus[1]!.id, code: good.skus[0]!.code },
    ]);
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
  });

  it('uploads pictures (only real pictures) and saves a good with them in order; a URL that is not an upload is refused', async () => {
    const upload = (bytes: Buffer, name: string) => {
      const boundary = `----x${unique()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return server.call<{ url: string }>({
        method: 'POST',
        url: '/api/admin/goods/pictures',
        headers: { ...as('catalogue'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const one = await upload(PNG, 'a.png');
    const two = await upload(PNG, 'b.png');
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.url).toMatch(/^\/uploads\/goods\/[0-9a-f]{24}\.png$/);
    expect((await upload(Buffer.from('<svg onload="x"/>'), 'x.png')).status).toBe(400);
    const good = await createGood({ pictures: [two.body.data.url, one.body.data.url] });
    const read = await server.call<{ pictures: string[] }>({
      url: `/api/admin/goods/${good.id}`,
      headers: as('catalogue'),
    });
    expect(read.body.data.pictures).toEqual([two.body.data.url, one.body.data.url]);
    const before = await counts();
    const res = await server.call({
      method: 'POST',
      url: '/api/admin/goods',
      headers: as('catalogue'),
      payload: goodBody({ pictures: ['/uploads/goods/nothere.png'] }),
    });
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers bad input with a 4xx envelope and changes nothing', async () => {
    const long = 'x'.repeat(2000);
    const bad: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown }[] = [
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ name: 'Nul\u0000name' }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ name: long }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ brand: long }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ categoryId: TWENTY_DIGITS }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ categoryId: '7' }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ supplierId: 999999 }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ skus: [] }) },
      { method: 'POST', url: '/api/admin/goods', payload: goodBody({ skus: 'many' }) },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({ skus: [{ ...goodBody().skus[0], retailCents: -100 }] }),
      },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({ skus: [{ ...goodBody().skus[0], retailCents: 19.5 }] }),
      },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({ skus: [{ ...goodBody().skus[0], clubCents: 999999 }] }),
      },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({ skus: [{ ...goodBody().skus[0], options: { colour: 'red' } }] }),
      },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({
          skus: [
            {
              ...goodBody().skus[0],
              promotions: [
                { priceCents: 100, startsAt: '2026-01-02T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
              ],
            },
          ],
        }),
      },
      {
        method: 'POST',
        url: '/api/admin/goods',
        payload: goodBody({ skus: [{ ...goodBody().skus[0], code: 'bad code!' }] }),
      },
      { method: 'PUT', url: '/api/admin/goods/12345678901234567890', payload: goodBody() },
      { method: 'PUT', url: '/api/admin/goods/999999', payload: goodBody() },
      { method: 'POST', url: `/api/admin/goods/${fx.goodsId}/publish`, payload: { published: 'yes' } },
      { method: 'POST', url: '/api/admin/goods/12345678901234567890/publish', payload: { published: true } },
      { method: 'GET', url: '/api/admin/goods/12345678901234567890' },
      { method: 'GET', url: `/api/admin/goods?q=${long}` },
      { method: 'GET', url: '/api/admin/goods?categoryId=12345678901234567890' },
      { method: 'GET', url: '/api/admin/goods?pageSize=1000' },
      { method: 'GET', url: '/api/admin/stock?code=%00' },
      { method: 'GET', url: '/api/admin/stock?code=NO-SUCH-SKU' },
      { method: 'GET', url: '/api/admin/stock/history?skuId=12345678901234567890' },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'set', units: -1, reason: 'negative' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'adjust', units: -1_000_000, reason: 'below zero' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'set', units: 1.5, reason: 'half' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'set', units: 5, reason: '' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'set', units: 5, reason: long },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'set', units: 5, reason: 'nul \u0000' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: TWENTY_DIGITS, orgId: fx.org, mode: 'set', units: 5, reason: 'big id' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: 999999, orgId: fx.org, mode: 'set', units: 5, reason: 'no sku' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: 999999, mode: 'set', units: 5, reason: 'no org' },
      },
      {
        method: 'POST',
        url: '/api/admin/stock',
        payload: { skuId: fx.skuId, orgId: fx.org, mode: 'steal', units: 5, reason: 'mode' },
      },
      { method: 'POST', url: '/api/admin/stock', payload: [] },
    ];
    const before = await counts();
    for (const b of bad) {
      const res = await server.call({
        method: b.method,
        url: b.url,
        headers: as('owner'),
        ...(b.payload === undefined ? {} : { payload: b.payload as object }),
      });
      expect(
        res.status,
        `${b.method} ${b.url} ${JSON.stringify(b.payload)?.slice(0, 200)}: ${JSON.stringify(res.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.success).toBe(false);
    }
    expect(await counts()).toEqual(before);
  });
});

describe(`back office: stock (${testDbKind})`, () => {
  it('sets and adjusts a SKU per organisation with a reason, each change a history row and an audit row', async () => {
    const good = await createGood();
    const sku = good.skus[0]!;
    const change = (body: Record<string, unknown>, who: Who = 'catalogue') =>
      server.call<{ before: number; after: number }>({
        method: 'POST',
        url: '/api/admin/stock',
        headers: as(who),
        payload: { skuId: sku.id, orgId: fx.org, ...body },
      });
    expect((await change({ mode: 'set', units: 20, reason: 'stocktake' })).body.data).toEqual({
      before: 0,
      after: 20,
    });
    expect(
      (await change({ mode: 'adjust', units: -5, reason: 'damaged in store' }, 'owner')).body.data,
    ).toEqual({ before: 20, after: 15 });
    const refused = await change({ mode: 'adjust', units: -16, reason: 'too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(BELOW_ZERO);
    expect(await stockNow(server, sku.id, fx.org)).toBe(15);

    const read = await server.call<{ code: string; stock: { orgId: number; units: number }[] }>({
      url: `/api/admin/stock?code=${sku.code.toLowerCase()}`,
      headers: as('catalogue'),
    });
    expect(read.body.data.code).toBe(sku.code);
    expect(read.body.data.stock.find((s) => s.orgId === fx.org)?.units).toBe(15);

    const history = await server.call<{
      records: { before: number; after: number; reason: string; operatorName: string }[];
      total: number;
      pageNum: number;
      pageSize: number;
    }>({
      url: `/api/admin/stock/history?skuId=${sku.id}`,
      headers: as('catalogue'),
    });
    expect(history.body.data.total).toBe(2);
    expect(history.body.data).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(history.body.data.records.map((h) => [h.before, h.after, h.reason, h.operatorName])).toEqual([
      [20, 15, 'damaged in store', everyone.as.owner.name],
      [0, 20, 'stocktake', everyone.as.catalogue.name],
    ]);
    const audit = await rowsOf<{
      action: string;
      before: { units: number };
      after: { units: number; reason: string };
    }>(
      server.database.db,
      sql`select action, before, after from audit_log where subject like ${`sku ${sku.id} at %`} order by id`,
    );
    expect(audit.map((a) => [a.action, a.before.units, a.after.units, a.after.reason])).toEqual([
      ['stock.set', 0, 20, 'stocktake'],
      ['stock.adjust', 20, 15, 'damaged in store'],
    ]);
    // The history cannot be rewritten.
    await expect(
      server.database.db.execute(sql`update stock_history set after = 99 where sku_id = ${sku.id}`),
    ).rejects.toThrow();
  });

  it.skipIf(testDbKind !== 'postgres')(
    'an adjustment and an order on two connections never drive stock below zero, whichever goes first',
    async () => {
      const db = server.database.db;
      const good = await createGood();
      const skuId = good.skus[0]!.id;
      const operatorId = everyone.as.catalogue.id;
      const waitingOnLock = async () => {
        for (;;) {
          const [r] = await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (r!.n > 0) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const gate = () => {
        let open!: () => void;
        const p = new Promise<void>((resolve) => {
          open = resolve;
        });
        return { p, open };
      };

      // 1. The adjustment holds the row (5 -> 2 units, not committed); an order for 3 waits, then finds 2 and takes nothing.
      await setStock(db, skuId, fx.org, 5);
      const release1 = gate();
      const locked1 = gate();
      const adjustment = db.transaction(async (tx) => {
        await changeStock(tx, {
          skuId,
          orgId: fx.org,
          mode: 'adjust',
          units: -3,
          reason: 'race 1',
          operatorId,
        });
        locked1.open();
        await release1.p;
      });
      await locked1.p;
      const order = db.transaction(async (tx) => takeStock(tx, fx.org, [{ skuId, count: 3 }]));
      await waitingOnLock();
      release1.open();
      await adjustment;
      expect(await order).toEqual([skuId]);
      expect(await stockNow(server, skuId, fx.org)).toBe(2);

      // 2. An order holds 2 units taken (not committed); an adjustment of -1 waits, then finds 0 and is refused.
      const release2 = gate();
      const took = gate();
      const order2 = db.transaction(async (tx) => {
        expect(await takeStock(tx, fx.org, [{ skuId, count: 2 }])).toEqual([]);
        took.open();
        await release2.p;
      });
      await took.p;
      const adjustment2 = db.transaction((tx) =>
        changeStock(tx, { skuId, orgId: fx.org, mode: 'adjust', units: -1, reason: 'race 2', operatorId }),
      );
      const settled = adjustment2.then(
        () => 'applied',
        (err: Error) => err.message,
      );
      await waitingOnLock();
      release2.open();
      await order2;
      expect(await settled).toContain(BELOW_ZERO);
      expect(await stockNow(server, skuId, fx.org)).toBe(0);
      const history = await rowsOf<{ before: number; after: number }>(
        db,
        sql`select before, after from stock_history where sku_id = ${skuId} order by id`,
      );
      expect(history).toEqual([{ before: 5, after: 2 }]);
    },
  );
});
