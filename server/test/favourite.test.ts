import { accountInfoSchema } from '@mall/shared/contract/account';
import {
  clearAnswerSchema,
  collectAnswerSchema,
  collectPath,
  favouritePageSchema,
  favouritesFullMessage,
} from '@mall/shared/contract/favourite';
import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { CardRows } from '../src/modules/catalogue/card-rows.ts';
import { writeFavouritePage } from '../src/modules/favourite/page-writer.ts';
import { listSuppliers, resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { shopperOf } from '../src/modules/shopper/index.ts';
import { addPromotion, insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { getData, newMember } from './wallet-helpers.ts';

const LIST = '/api/user/favorite';
const CLEAR = '/api/user/favorite/clear';
/** The limit this file's server is configured with (FAVOURITES_MAX). */
const MAX = 5;

let server: TestServer;
/** Goods ids of the fixtures. */
const g = { honey: 0, lantern: 0, own: 0, tray: 0, mug: 0, jar: 0, hidden: 0 };
let honeySku = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { FAVOURITES_MAX: String(MAX) } });
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Favourite Fixture');
  const list = await insertFixtureGoods(db, cats.thirdId, [
    {
      name: 'Fav Honey',
      supplier: 'PBC',
      skus: [{ retail: 4550, wholesale: 3333, club: 4100, maxCount: 3 }],
    },
    {
      name: 'Fav Lantern',
      supplier: 'AHL',
      skus: [
        { retail: 2999, wholesale: 2250, club: 2799, options: { colour: 'Navy' } },
        { retail: 3199, wholesale: 2400, club: 2999, options: { colour: 'Red' } },
      ],
    },
    { name: 'Fav Own Jar', supplier: 'SPY', skus: [{ retail: 1000, wholesale: 700, club: 900 }] },
    { name: 'Fav Tray', supplier: 'TST', skus: [{ retail: 1999, wholesale: 1500, club: 1899 }] },
    { name: 'Fav Mug', supplier: 'TST', skus: [{ retail: 1500, wholesale: 1000, club: 1400 }] },
    { name: 'Fav Jar', supplier: 'TST', skus: [{ retail: 800, wholesale: 600, club: 700 }] },
    {
      name: 'Fav Hidden',
      supplier: 'TST',
      skus: [{ retail: 500, wholesale: 400, club: 450 }],
      enabled: false,
    },
  ]);
  const [honey, lantern, own, tray, mug, jar, hidden] = list;
  Object.assign(g, {
    honey: honey!.id,
    lantern: lantern!.id,
    own: own!.id,
    tray: tray!.id,
    mug: mug!.id,
    jar: jar!.id,
    hidden: hidden!.id,
  });
  honeySku = honey!.skuIds[0]!;
  const org = (await resolveStockOrganisationId(db, null))!;
  await setStock(db, honeySku, org, 50);
  await setStock(db, lantern!.skuIds[0]!, org, 4);
  const day = 86_400_000;
  await addPromotion(db, honey!.id, honeySku, 3999, new Date(Date.now() - day), new Date(Date.now() + day));
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.database.db.execute(sql`update goods set enabled = true where id = ${g.tray}`);
});

const collect = (headers: Record<string, string>, id: number | string) =>
  server.call<{ goodsId: number; collected: boolean; total: number }>({
    method: 'PATCH',
    url: typeof id === 'number' ? collectPath(id) : `/api/user/favorite/collect/${id}`,
    headers,
  });

const collected = async (headers: Record<string, string>, id: number) => {
  const res = await collect(headers, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return envelopeOf(collectAnswerSchema).parse(res.body).data;
};

const listOf = (headers: Record<string, string>, query = '') =>
  getData(server, `${LIST}${query ? `?${query}` : ''}`, headers, favouritePageSchema);

const rowsOfMember = async (memberId: number) =>
  (
    await server.database.db.execute<{ goods_id: number }>(
      sql`select goods_id from favourite_goods where member_id = ${memberId} order by goods_id`,
    )
  ).rows.map((r) => r.goods_id);

describe(`favourites (${testDbKind})`, () => {
  it('collect toggles a good in and out and answers the new state; the list and the account count follow', async () => {
    const m = await newMember(server);
    expect(await collected(m.headers, g.honey)).toEqual({ goodsId: g.honey, collected: true, total: 1 });
    const page = await listOf(m.headers);
    expect(page).toMatchObject({ total: 1, pageNum: 1, pageSize: 20 });
    expect(page.records[0]).toMatchObject({
      goodsId: g.honey,
      name: 'Fav Honey',
      skuCount: 1,
      goods: { id: g.honey, price: 39.99, originalPrice: 45.5, onPromotion: true, stock: 50, self: false },
      sku: { id: honeySku, price: 39.99, maxCount: 3, stock: 50 },
    });
    const info = await getData(server, '/api/retail/customer/account/info', m.headers, accountInfoSchema);
    expect(info.favourites).toBe(1);

    expect(await collected(m.headers, g.honey)).toEqual({ goodsId: g.honey, collected: false, total: 0 });
    expect(await listOf(m.headers)).toMatchObject({ records: [], total: 0 });
    expect(
      (await getData(server, '/api/retail/customer/account/info', m.headers, accountInfoSchema)).favourites,
    ).toBe(0);
  });

  it('shows each member the price they pay: wholesale price, or the running promotion when lower', async () => {
    const w = await newMember(server, 'wholesale');
    await collected(w.headers, g.tray);
    await collected(w.headers, g.honey);
    const { records } = await listOf(w.headers);
    expect(records.map((r) => [r.goodsId, r.goods?.price])).toEqual([
      [g.honey, 33.33], // wholesale 33.33 beats the 39.99 promotion
      [g.tray, 15],
    ]);
  });

  it('gives a good with several SKUs no single SKU (the SKU is chosen first), and marks own-store goods', async () => {
    const m = await newMember(server);
    await collected(m.headers, g.lantern);
    await collected(m.headers, g.own);
    const { records } = await listOf(m.headers);
    expect(records[1]).toMatchObject({ goodsId: g.lantern, skuCount: 2, sku: null, goods: { stock: 4 } });
    expect(records[0]).toMatchObject({ goodsId: g.own, skuCount: 1, goods: { self: true, stock: 0 } });
  });

  it('refuses unknown goods (404) and goods not on sale, and malformed ids (400), writing nothing', async () => {
    const m = await newMember(server);
    const unknown = await collect(m.headers, 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 404 });
    expect((await collect(m.headers, g.hidden)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00', '1%002']) {
      const res = await collect(m.headers, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await rowsOfMember(m.id)).toEqual([]);
  });

  it('keeps a good no longer sold in the list, as unavailable, and lets the member remove it', async () => {
    const m = await newMember(server);
    await collected(m.headers, g.tray);
    await server.database.db.execute(sql`update goods set enabled = false where id = ${g.tray}`);
    const { records } = await listOf(m.headers);
    expect(records).toEqual([
      expect.objectContaining({ goodsId: g.tray, name: 'Fav Tray', goods: null, sku: null, skuCount: 0 }),
    ]);
    expect(records[0]!.thumbUrl).not.toBe('');
    expect(await collected(m.headers, g.tray)).toMatchObject({ collected: false, total: 0 });
    // Not on sale: it cannot come back.
    expect((await collect(m.headers, g.tray)).status).toBe(404);
  });

  it("never reads or changes another member's favourites", async () => {
    const a = await newMember(server);
    const b = await newMember(server);
    await collected(a.headers, g.honey);
    await collected(a.headers, g.mug);
    expect(await listOf(b.headers)).toMatchObject({ records: [], total: 0 });
    // B collecting the same good changes B's list only; B's clear leaves A's alone.
    expect(await collected(b.headers, g.honey)).toMatchObject({ collected: true, total: 1 });
    const cleared = await server.call({ method: 'DELETE', url: CLEAR, headers: b.headers });
    expect(envelopeOf(clearAnswerSchema).parse(cleared.body).data).toEqual({ removed: 1 });
    expect(await rowsOfMember(a.id)).toEqual([g.honey, g.mug].sort((x, y) => x - y));
    expect(await rowsOfMember(b.id)).toEqual([]);
  });

  it('refuses the collect past the configured limit with 409 and its message, writing nothing', async () => {
    expect(loadConfig({}).favouritesMax).toBe(1000);
    const m = await newMember(server);
    for (const id of [g.honey, g.lantern, g.own, g.tray, g.mug]) await collected(m.headers, id);
    const full = await collect(m.headers, g.jar);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ success: false, code: 409, message: favouritesFullMessage(MAX) });
    expect(full.body.message).toBe('You can keep at most 5 favourite goods. Remove some to add new ones.');
    expect((await rowsOfMember(m.id)).length).toBe(MAX);
    // Removing one is always allowed, and makes room again.
    expect(await collected(m.headers, g.mug)).toMatchObject({ collected: false, total: MAX - 1 });
    expect(await collected(m.headers, g.jar)).toMatchObject({ collected: true, total: MAX });
  });

  it('holds the limit when one member collects many goods at once', async () => {
    const m = await newMember(server);
    const ids = [g.honey, g.lantern, g.own, g.tray, g.mug, g.jar];
    const answers = await Promise.all(ids.map((id) => collect(m.headers, id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 409]);
    expect((await rowsOfMember(m.id)).length).toBe(MAX);
  });

  it('pages the list newest first, and keeps only the asked goods with goodsIds', async () => {
    const m = await newMember(server);
    const order = [g.honey, g.lantern, g.own, g.tray, g.mug];
    for (const id of order) await collected(m.headers, id);
    const newest = [...order].reverse();
    const p1 = await listOf(m.headers, 'pageNum=1&pageSize=2');
    const p2 = await listOf(m.headers, 'pageNum=2&pageSize=2');
    const p3 = await listOf(m.headers, 'pageNum=3&pageSize=2');
    expect(p1).toMatchObject({ total: 5, pageNum: 1, pageSize: 2 });
    expect([...p1.records, ...p2.records, ...p3.records].map((r) => r.goodsId)).toEqual(newest);
    expect(await listOf(m.headers, 'pageNum=9&pageSize=2')).toMatchObject({ records: [], total: 5 });
    expect(await listOf((await newMember(server)).headers, 'pageNum=1&pageSize=2')).toMatchObject({
      records: [],
      total: 0,
    });

    const some = await listOf(m.headers, `goodsIds=${g.honey},${g.jar},${g.mug},2000000000`);
    expect(some.total).toBe(2);
    expect(some.records.map((r) => r.goodsId)).toEqual([g.mug, g.honey]);
  });

  it('answers bad list queries with 400 and a guest with 401, before anything else', async () => {
    const m = await newMember(server);
    for (const q of [
      'pageSize=0',
      'pageSize=101',
      'pageNum=0',
      'pageNum=1.5',
      'pageNum=99999999999999999999',
      'goodsIds=',
      'goodsIds=a,b',
      'goodsIds=0',
      'goodsIds=99999999999',
      `goodsIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'goodsIds=1%002',
    ]) {
      const res = await server.call({ url: `${LIST}?${q}`, headers: m.headers });
      expect(res.status, q).toBe(400);
      expect(res.body.success, q).toBe(false);
    }
    expect((await server.call(LIST)).status).toBe(401);
    expect((await server.call({ method: 'DELETE', url: CLEAR })).status).toBe(401);
    expect((await server.call({ method: 'PATCH', url: collectPath(g.honey) })).status).toBe(401);
    expect(
      (
        await server.call({
          method: 'PATCH',
          url: collectPath(g.honey),
          headers: { authorization: 'Bearer nonsense' },
        })
      ).status,
    ).toBe(401);
  });

  it('clear empties the list and answers how many went', async () => {
    const m = await newMember(server);
    await collected(m.headers, g.honey);
    await collected(m.headers, g.tray);
    const res = await server.call({ method: 'DELETE', url: CLEAR, headers: m.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: 2 });
    expect(await listOf(m.headers)).toMatchObject({ records: [], total: 0 });
    const again = await server.call({ method: 'DELETE', url: CLEAR, headers: m.headers });
    expect(again.body.data).toEqual({ removed: 0 });
  });
});

describe(`the goods rows every favourites list shares (${testDbKind})`, () => {
  it('reads the asked goods in one call, sold or not, and keeps them for the catalogue cache time', async () => {
    const db = server.database.db;
    const shopper = await shopperOf(db, { member: null, orgId: null });
    const kept = new CardRows(db, 60_000);
    const first = await kept.get([g.lantern, g.hidden, 2_000_000_000], shopper);
    expect([...first.keys()]).toEqual([g.lantern, g.hidden]);
    expect(first.get(g.lantern)).toMatchObject({ name: 'Fav Lantern', enabled: true });
    expect(first.get(g.lantern)!.skus.map((s) => s.options)).toEqual([{ colour: 'Navy' }, { colour: 'Red' }]);
    expect(first.get(g.hidden)).toMatchObject({ name: 'Fav Hidden', enabled: false, skus: [] });

    await db.execute(sql`update goods set name = 'Fav Lantern Renamed' where id = ${g.lantern}`);
    try {
      expect((await kept.get([g.lantern], shopper)).get(g.lantern)!.name).toBe('Fav Lantern');
      const uncached = new CardRows(db, 0);
      expect((await uncached.get([g.lantern], shopper)).get(g.lantern)!.name).toBe('Fav Lantern Renamed');
    } finally {
      await db.execute(sql`update goods set name = 'Fav Lantern' where id = ${g.lantern}`);
    }
  });

  it('writes a page as its schema would, each good once per tier, again when a promotion it shows ends or its supplier goes', async () => {
    const db = server.database.db;
    const retail = await shopperOf(db, { member: null, orgId: null });
    const wholesale = { ...retail, tier: { kind: 'wholesale' as const, vip: false } };
    const rows = await new CardRows(db, 60_000).get([g.honey, g.tray], retail);
    const suppliers = await listSuppliers(db);
    const entries = [
      { goodsId: g.honey, row: rows.get(g.honey), collectedAt: Date.UTC(2026, 10, 2) },
      { goodsId: 2_000_000_000, row: undefined, collectedAt: Date.UTC(2026, 10, 1) },
      { goodsId: g.tray, row: rows.get(g.tray), collectedAt: Date.UTC(2026, 9, 1) },
    ];
    const page = (shopper: typeof retail, enabled = suppliers) =>
      envelopeOf(favouritePageSchema).parse(
        JSON.parse(
          writeFavouritePage(entries, { total: 3, pageNum: 1, pageSize: 20 }, enabled, shopper).toString(),
        ),
      );
    const now = page(retail);
    expect(now).toMatchObject({ success: true, code: 200, message: 'success' });
    expect(now.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });
    expect(now.data.records.map((r) => [r.goodsId, r.collectedAt, r.goods?.price, r.sku?.price])).toEqual([
      [g.honey, '2026-11-02T00:00:00.000Z', 39.99, 39.99], // the running promotion
      [g.tray, '2026-10-01T00:00:00.000Z', 19.99, 19.99],
    ]);
    // The same rows, another tier: its own prices.
    expect(page(wholesale).data.records.map((r) => r.goods?.price)).toEqual([33.33, 15]);
    // Two days on, the promotion has ended: the same row shows the retail price again.
    const later = { ...retail, now: new Date(Date.now() + 2 * 86_400_000) };
    expect(page(later).data.records.map((r) => r.goods?.price)).toEqual([45.5, 19.99]);
    // A supplier no longer enabled: its good shows as no longer sold.
    const honeySupplier = rows.get(g.honey)!.supplier_id;
    const without = suppliers.filter((x) => x.id !== honeySupplier);
    const gone = page(retail, without).data.records.find((r) => r.goodsId === g.honey)!;
    expect(gone).toMatchObject({ name: 'Fav Honey', goods: null, sku: null, skuCount: 0 });
  });

  it('writes names with quotes, dollar signs and line breaks as JSON text', async () => {
    const db = server.database.db;
    const shopper = await shopperOf(db, { member: null, orgId: null });
    const name = 'Fav "Jar" $& $1 \\ \n ☕';
    await db.execute(sql`update goods set name = ${name} where id = ${g.jar}`);
    try {
      const rows = await new CardRows(db, 0).get([g.jar], shopper);
      const text = writeFavouritePage(
        [{ goodsId: g.jar, row: rows.get(g.jar), collectedAt: 0 }],
        { total: 1, pageNum: 1, pageSize: 20 },
        await listSuppliers(db),
        shopper,
      );
      const [record] = envelopeOf(favouritePageSchema).parse(JSON.parse(text.toString())).data.records;
      expect([record!.name, record!.goods?.name]).toEqual([name, name]);
    } finally {
      await db.execute(sql`update goods set name = 'Fav Jar' where id = ${g.jar}`);
    }
  });
});
