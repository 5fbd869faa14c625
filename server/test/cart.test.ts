import { LIMIT_MESSAGE, MIX_MESSAGE, stockMessage } from '@mall/shared/cart-rules';
import {
  type CartItem,
  type CartMergeResult,
  cartMergeResultSchema,
  cartSchema,
} from '@mall/shared/contract/cart';
import { envelopeOf, type FieldError, fieldErrorText } from '@mall/shared/envelope';
import { type RefusalReason, reasonOfStatus } from '@mall/shared/reasons';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINE_NOT_FOUND, SKU_GONE } from '../src/modules/cart/service.ts';
import { DEMO_PASSWORD, DEMO_RETAIL, DEMO_WHOLESALE } from '../src/modules/customer/seed.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, login, registerMember } from './account-helpers.ts';
import {
  addPromotion,
  insertFixtureCategories,
  insertFixtureGoods,
  organisationIdOf,
  setStock,
} from './catalogue-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
/** Signed-in members: two plain retail members, the demo VIP and the demo wholesale member. */
let a: Record<string, string>;
let b: Record<string, string>;
let vip: Record<string, string>;
let wholesale: Record<string, string>;

/** SKU ids of the fixture goods. */
const s = {
  /** Local SPY (self), limit 5, stock 10. */
  own: 0,
  /** Local SPY too, no limit, stock 10. */
  own2: 0,
  /** AHL, options Navy / M, stock 3, no limit; its good has a second SKU `lantern2`. */
  lantern: 0,
  lantern2: 0,
  /** PBC, limit 3, stock 50, with a promotion running. */
  honey: 0,
  /** TST, limit 5, stock 100. */
  tray: 0,
  /** A disabled good's SKU, stock 10. */
  hidden: 0,
  /** AHL, to be disabled while in a cart. */
  fading: 0,
};
let fadingGoodsId = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Cart Fixture');
  const [own, own2, lantern, honey, tray, hidden, fading] = await insertFixtureGoods(db, cats.thirdId, [
    { name: 'Own Jar', supplier: 'SPY', skus: [{ retail: 1000, wholesale: 700, club: 900, maxCount: 5 }] },
    { name: 'Own Mug', supplier: 'SPY', skus: [{ retail: 1500, wholesale: 1000, club: 1400 }] },
    {
      name: 'Camp Lantern',
      supplier: 'AHL',
      skus: [
        { retail: 2999, wholesale: 2250, club: 2799, options: { colour: 'Navy', size: 'M' } },
        { retail: 3199, wholesale: 2400, club: 2999, options: { colour: 'Red', size: 'L' } },
      ],
    },
    {
      name: 'Mānuka Honey',
      supplier: 'PBC',
      skus: [{ retail: 4550, wholesale: 3333, club: 4100, maxCount: 3 }],
    },
    {
      name: 'Rimu Tray',
      supplier: 'TST',
      skus: [{ retail: 1999, wholesale: 1500, club: 1899, maxCount: 5 }],
    },
    {
      name: 'Hidden Thing',
      supplier: 'TST',
      skus: [{ retail: 500, wholesale: 400, club: 450 }],
      enabled: false,
    },
    { name: 'Fading Torch', supplier: 'AHL', skus: [{ retail: 1200, wholesale: 900, club: 1100 }] },
  ]);
  Object.assign(s, {
    own: own!.skuIds[0],
    own2: own2!.skuIds[0],
    lantern: lantern!.skuIds[0],
    lantern2: lantern!.skuIds[1],
    honey: honey!.skuIds[0],
    tray: tray!.skuIds[0],
    hidden: hidden!.skuIds[0],
    fading: fading!.skuIds[0],
  });
  fadingGoodsId = fading!.id;
  const org = (await resolveStockOrganisationId(db, null))!;
  for (const [sku, n] of [
    [s.own, 10],
    [s.own2, 10],
    [s.lantern, 3],
    [s.lantern2, 20],
    [s.honey, 50],
    [s.tray, 100],
    [s.hidden, 10],
    [s.fading, 10],
  ] as const) {
    await setStock(db, sku, org, n);
  }
  const day = 86_400_000;
  await addPromotion(db, honey!.id, s.honey, 3999, new Date(Date.now() - day), new Date(Date.now() + day));

  a = bearer(await registerMember(server, 'retail'));
  b = bearer(await registerMember(server, 'retail'));
  const v = await login(server, 'retail', DEMO_RETAIL.email, DEMO_PASSWORD);
  const w = await login(server, 'wholesale', DEMO_WHOLESALE.email, DEMO_PASSWORD);
  expect(v.status).toBe(200);
  expect(w.status).toBe(200);
  vip = bearer(v.body.data);
  wholesale = bearer(w.body.data);
});
afterAll(() => server.close());

beforeEach(async () => {
  await server.database.db.execute(sql`delete from cart_line`);
  await server.database.db.execute(sql`update goods set enabled = true where id = ${fadingGoodsId}`);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T = CartItem[]>(
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  server.call<T>({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A successful cart answer, checked against the shared schema: JSON that no cache may keep. */
const cartOf = async (res: Awaited<ReturnType<typeof call<CartItem[]>>>): Promise<CartItem[]> => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  envelopeOf(cartSchema).parse(res.body);
  return res.body.data;
};
const getCart = async (h: Record<string, string>) => cartOf(await call(h, 'GET', '/api/cart/app'));
const add = (h: Record<string, string>, skuId: number, count: number) =>
  call(h, 'POST', '/api/cart/app/add', { skuId, count });
const addOk = async (h: Record<string, string>, skuId: number, count: number) =>
  cartOf(await add(h, skuId, count));
const summary = (items: CartItem[]) => items.map((i) => [i.skuId, i.count, i.checked]);

/** A refusal in plain words (`data` null), or naming a field (the field also in `data.errors`). */
const expectRefused = (
  res: Awaited<ReturnType<typeof call>>,
  status: number,
  refusal: string | FieldError,
  reason: RefusalReason = reasonOfStatus(status),
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(
    typeof refusal === 'string'
      ? { success: false, code: status, message: refusal, data: null, reason }
      : {
          success: false,
          code: status,
          message: fieldErrorText(refusal),
          data: { errors: [refusal] },
          reason,
        },
  );
};

describe('authorisation', () => {
  it('answers 401 to a guest on every call, before looking at the body', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/cart/app'],
      ['POST', '/api/cart/app/add', { skuId: s.tray, count: 1 }],
      ['POST', '/api/cart/app/add', { skuId: 'nope' }],
      ['PUT', '/api/cart/count', { id: 1, count: 1 }],
      ['PUT', '/api/cart/check', { id: 1, checked: true }],
      ['DELETE', '/api/cart/1'],
      ['DELETE', '/api/cart'],
      ['POST', '/api/cart/sync', [{ skuId: s.tray, count: 1 }]],
      ['POST', '/api/cart/batch/add', [{ skuId: s.tray, count: 1 }]],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call({}, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 401, message: 'Please log in first.' });
    }
    const bad = await call({ authorization: 'Bearer nonsense' }, 'GET', '/api/cart/app');
    expect(bad.status).toBe(401);
    const n = await server.database.db.execute(sql`select count(*)::int as n from cart_line`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("never shows or changes another member's lines: count, check, remove answer 404 as for a missing id", async () => {
    const bCart = await addOk(b, s.tray, 2);
    const bLine = bCart[0]!.id;
    await addOk(a, s.lantern2, 1);
    const missing = await call(a, 'PUT', '/api/cart/count', { id: 2_000_000_000, count: 1 });
    expectRefused(missing, 404, LINE_NOT_FOUND);
    expectRefused(await call(a, 'PUT', '/api/cart/count', { id: bLine, count: 1 }), 404, LINE_NOT_FOUND);
    expectRefused(
      await call(a, 'PUT', '/api/cart/check', { id: bLine, checked: false }),
      404,
      LINE_NOT_FOUND,
    );
    expectRefused(await call(a, 'DELETE', `/api/cart/${bLine}`), 404, LINE_NOT_FOUND);
    expectRefused(await call(a, 'DELETE', '/api/cart/2000000000'), 404, LINE_NOT_FOUND);
    expect(summary(await getCart(b))).toEqual([[s.tray, 2, true]]);
    expect((await getCart(a)).map((i) => i.skuId)).toEqual([s.lantern2]);
    // Clearing one's own cart leaves the other's alone.
    expect(await cartOf(await call(a, 'DELETE', '/api/cart'))).toEqual([]);
    expect(summary(await getCart(b))).toEqual([[s.tray, 2, true]]);
  });

  it('is the same cart in two sessions of one member', async () => {
    const again = await login(server, 'retail', DEMO_RETAIL.email, DEMO_PASSWORD);
    await addOk(vip, s.tray, 1);
    expect(summary(await getCart(bearer(again.body.data)))).toEqual([[s.tray, 1, true]]);
  });
});

describe('add and read', () => {
  it('puts new lines on top and merges the same SKU in place, with current facts of each line', async () => {
    await addOk(a, s.lantern, 1);
    await addOk(a, s.tray, 2);
    const after = await addOk(a, s.lantern, 1);
    expect(summary(after)).toEqual([
      [s.tray, 2, true],
      [s.lantern, 2, true],
    ]);
    const merged = await addOk(a, s.honey, 1);
    expect(merged.map((i) => i.skuId)).toEqual([s.honey, s.tray, s.lantern]);
    expect(await getCart(a)).toEqual(merged);
    const lantern = merged[2]!;
    expect(lantern).toMatchObject({
      name: 'Camp Lantern',
      skuLabel: 'Navy / M',
      price: 29.99,
      originalPrice: null,
      count: 2,
      maxCount: null,
      stock: 3,
      checked: true,
      self: false,
      supplierCode: 'AHL',
      thumbUrl: '/uploads/demo/catalogue/goods-jar-navy.svg',
    });
    expect(lantern.goodsId).toBeGreaterThan(0);
    expect(lantern.supplierName).not.toBe('');
    // A running promotion is the price; retail is the original price.
    expect(merged[0]).toMatchObject({
      price: 39.99,
      originalPrice: 45.5,
      maxCount: 3,
      stock: 50,
      skuLabel: '',
    });
    // The name is the current one.
    await server.database.db.execute(
      sql`update goods set name = 'Camp Lantern Deluxe' where name = 'Camp Lantern'`,
    );
    expect((await getCart(a))[2]!.name).toBe('Camp Lantern Deluxe');
    await server.database.db.execute(
      sql`update goods set name = 'Camp Lantern' where name = 'Camp Lantern Deluxe'`,
    );
  });

  it('answers 404 naming skuId for an unknown or disabled SKU, and changes nothing', async () => {
    await addOk(a, s.tray, 1);
    const unknown = await add(a, 2_000_000_000, 1);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^skuId: /);
    expect((await add(a, s.hidden, 1)).status).toBe(404);
    expect(summary(await getCart(a))).toEqual([[s.tray, 1, true]]);
  });

  it('prices the cart for the member: retail, club (VIP) and wholesale', async () => {
    for (const [h, price, original] of [
      [a, 19.99, null],
      [vip, 18.99, 19.99],
      [wholesale, 15, 19.99],
    ] as const) {
      const [item] = await addOk(h, s.tray, 1);
      expect(item).toMatchObject({ price, originalPrice: original });
    }
    // The lower promotion wins over the wholesale price only when it is lower.
    const [honey] = await addOk(wholesale, s.honey, 1);
    expect(honey).toMatchObject({ price: 33.33, originalPrice: 45.5 });
  });

  it('keeps a line whose good is disabled, with stock 0, until the member removes it', async () => {
    await addOk(a, s.fading, 2);
    await server.database.db.execute(sql`update goods set enabled = false where id = ${fadingGoodsId}`);
    const [line] = await getCart(a);
    expect(line).toMatchObject({ skuId: s.fading, count: 2, stock: 0, name: 'Fading Torch' });
    expectRefused(
      await call(a, 'PUT', '/api/cart/count', { id: line!.id, count: 3 }),
      409,
      stockMessage(0),
      'cart.stock',
    );
    expect((await add(a, s.fading, 1)).status).toBe(404);
    expect(await cartOf(await call(a, 'DELETE', `/api/cart/${line!.id}`))).toEqual([]);
  });
});

describe('disabled suppliers', () => {
  it("keeps a line of a disabled supplier's goods with stock 0, and refuses more of it", async () => {
    const db = server.database.db;
    await addOk(a, s.tray, 2);
    await db.execute(sql`update supplier set enabled = false where code = 'TST'`);
    try {
      const [line] = await getCart(a);
      expect(line).toMatchObject({ skuId: s.tray, count: 2, stock: 0, supplierCode: 'TST' });
      expect((await add(a, s.tray, 1)).status).toBe(404);
      const synced = await call<CartMergeResult>(a, 'POST', '/api/cart/sync', [{ skuId: s.tray, count: 1 }]);
      expect(synced.body.data.problems).toEqual([
        { skuId: s.tray, name: 'Rimu Tray', requested: 1, added: 0, message: SKU_GONE },
      ]);
      expect(summary(synced.body.data.items)).toEqual([[s.tray, 2, true]]);
    } finally {
      await db.execute(sql`update supplier set enabled = true where code = 'TST'`);
    }
  });
});

describe('purchase limit and stock', () => {
  it('accepts exactly maxCount and refuses one more with the limit message, changing nothing', async () => {
    await addOk(a, s.tray, 3);
    expect(summary(await addOk(a, s.tray, 2))).toEqual([[s.tray, 5, true]]);
    expectRefused(await add(a, s.tray, 1), 409, LIMIT_MESSAGE, 'cart.purchase_limit');
    expect(summary(await getCart(a))).toEqual([[s.tray, 5, true]]);
    // A single add above the limit, in an empty cart of another member.
    expectRefused(await add(b, s.tray, 6), 409, LIMIT_MESSAGE, 'cart.purchase_limit');
    expect(await getCart(b)).toEqual([]);
  });

  it('sets a count up to maxCount and refuses above it', async () => {
    const [line] = await addOk(a, s.tray, 1);
    expect(
      summary(await cartOf(await call(a, 'PUT', '/api/cart/count', { id: line!.id, count: 5 }))),
    ).toEqual([[s.tray, 5, true]]);
    expectRefused(
      await call(a, 'PUT', '/api/cart/count', { id: line!.id, count: 6 }),
      409,
      LIMIT_MESSAGE,
      'cart.purchase_limit',
    );
    expect(
      summary(await cartOf(await call(a, 'PUT', '/api/cart/count', { id: line!.id, count: 1 }))),
    ).toEqual([[s.tray, 1, true]]);
  });

  it('accepts exactly the stock and refuses one more with the stock message', async () => {
    await addOk(a, s.lantern, 2);
    const [line] = await addOk(a, s.lantern, 1);
    expect(line!.count).toBe(3);
    expectRefused(await add(a, s.lantern, 1), 409, stockMessage(3), 'cart.stock');
    expectRefused(
      await call(a, 'PUT', '/api/cart/count', { id: line!.id, count: 4 }),
      409,
      stockMessage(3),
      'cart.stock',
    );
    expect(summary(await getCart(a))).toEqual([[s.lantern, 3, true]]);
  });

  it("checks and shows the stock of the shopper's organisation (orgId header)", async () => {
    const wlg = await organisationIdOf(server.database.db, 'WLG-ST');
    await setStock(server.database.db, s.lantern2, wlg, 1);
    const atStore = { ...a, orgid: String(wlg) };
    expectRefused(await add(atStore, s.lantern2, 2), 409, stockMessage(1), 'cart.stock');
    const [line] = await addOk(atStore, s.lantern2, 1);
    expect(line).toMatchObject({ count: 1, stock: 1 });
    // The same line seen with the NZ stock organisation.
    expect((await getCart(a))[0]).toMatchObject({ count: 1, stock: 20 });
  });

  it('lets two concurrent adds never pass the limit together', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => add(a, s.tray, 1)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200))
      expectRefused(r, 409, LIMIT_MESSAGE, 'cart.purchase_limit');
    expect(summary(await getCart(a))).toEqual([[s.tray, 5, true]]);
    // Two different new SKUs at once, own and other: the mixing rule holds too.
    await call(b, 'DELETE', '/api/cart');
    const [x, y] = await Promise.all([add(b, s.own, 1), add(b, s.tray, 1)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await getCart(b)).toHaveLength(1);
    // A batch add (in a transaction) racing single adds (written only on the cart they read).
    await call(b, 'DELETE', '/api/cart');
    await Promise.all([
      call(b, 'POST', '/api/cart/batch/add', [{ skuId: s.tray, count: 3 }]),
      ...Array.from({ length: 4 }, () => add(b, s.tray, 1)),
      add(b, s.own, 1),
    ]);
    const after = await getCart(b);
    expect(new Set(after.map((i) => i.self)).size).toBe(1);
    if (after[0]!.skuId === s.tray) expect(after[0]!.count).toBeLessThanOrEqual(5);
  });

  it('applies every one of many concurrent count changes of one line, the last one written standing', async () => {
    const lineId = (await addOk(a, s.tray, 1))[0]!.id;
    const counts = [2, 3, 4, 5, 2, 3, 4, 5];
    const answers = await Promise.all(
      counts.map((count) => call(a, 'PUT', '/api/cart/count', { id: lineId, count })),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [line] = await getCart(a);
    expect(counts).toContain(line!.count);
    const rows = (await server.database.db.execute(
      sql`select count from cart_line where id = ${lineId}`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows.rows[0]!.count).toBe(line!.count);
  });
});

describe('mixing rule', () => {
  it('refuses other goods in a cart holding Local SPY goods, and the reverse, with the message', async () => {
    await addOk(a, s.own, 1);
    expectRefused(await add(a, s.tray, 1), 409, MIX_MESSAGE, 'cart.mixing');
    // More Local SPY goods are fine.
    expect((await addOk(a, s.own2, 1)).map((i) => i.skuId)).toEqual([s.own2, s.own]);

    await addOk(b, s.tray, 1);
    expectRefused(await add(b, s.own, 1), 409, MIX_MESSAGE, 'cart.mixing');
    expect((await addOk(b, s.lantern2, 1)).map((i) => i.skuId)).toEqual([s.lantern2, s.tray]);
    expect(summary(await getCart(a))).toEqual([
      [s.own2, 1, true],
      [s.own, 1, true],
    ]);
  });
});

describe('count, check, remove, clear', () => {
  it('checks one line, several, or refuses all when one id is not the member’s', async () => {
    await addOk(a, s.tray, 1);
    await addOk(a, s.honey, 1);
    const cart = await addOk(a, s.lantern2, 1);
    const [l1, l2, l3] = cart.map((i) => i.id);
    const one = await cartOf(await call(a, 'PUT', '/api/cart/check', { id: l2, checked: false }));
    expect(one.map((i) => i.checked)).toEqual([true, false, true]);
    const many = await cartOf(await call(a, 'PUT', '/api/cart/check', { id: [l1, l3], checked: false }));
    expect(many.map((i) => i.checked)).toEqual([false, false, false]);
    const [bLine] = await addOk(b, s.tray, 1);
    expectRefused(
      await call(a, 'PUT', '/api/cart/check', { id: [l1, bLine!.id], checked: true }),
      404,
      LINE_NOT_FOUND,
    );
    expect((await getCart(a)).map((i) => i.checked)).toEqual([false, false, false]);
    expect((await getCart(b)).map((i) => i.checked)).toEqual([true]);
    const all = await cartOf(
      await call(a, 'PUT', '/api/cart/check', { id: [l1, l2, l3, l1], checked: true }),
    );
    expect(all.map((i) => i.checked)).toEqual([true, true, true]);
  });

  it('removes a line and clears the cart', async () => {
    await addOk(a, s.tray, 1);
    const cart = await addOk(a, s.honey, 2);
    const left = await cartOf(await call(a, 'DELETE', `/api/cart/${cart[0]!.id}`));
    expect(summary(left)).toEqual([[s.tray, 1, true]]);
    expectRefused(await call(a, 'DELETE', `/api/cart/${cart[0]!.id}`), 404, LINE_NOT_FOUND);
    expect(await cartOf(await call(a, 'DELETE', '/api/cart'))).toEqual([]);
    expect(await getCart(a)).toEqual([]);
    expect(await cartOf(await call(a, 'DELETE', '/api/cart'))).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and changes nothing', async () => {
    const [line] = await addOk(a, s.tray, 2);
    const cases: [Method, string, unknown, RegExp][] = [
      ['POST', '/api/cart/app/add', { count: 1 }, /^skuId: /],
      ['POST', '/api/cart/app/add', { skuId: 'x', count: 1 }, /^skuId: /],
      ['POST', '/api/cart/app/add', { skuId: s.tray, count: 0 }, /^count: /],
      ['POST', '/api/cart/app/add', { skuId: s.tray, count: 1.5 }, /^count: /],
      ['POST', '/api/cart/app/add', { skuId: s.tray, count: 10_000 }, /^count: /],
      ['PUT', '/api/cart/count', { id: line!.id, count: 0 }, /^count: /],
      ['PUT', '/api/cart/count', { id: -1, count: 1 }, /^id: /],
      ['PUT', '/api/cart/check', { id: [], checked: true }, /^id/],
      ['PUT', '/api/cart/check', { id: line!.id, checked: 'yes' }, /^checked: /],
      ['POST', '/api/cart/sync', { skuId: s.tray, count: 1 }, /^body: /],
      ['POST', '/api/cart/sync', [{ skuId: s.honey, count: 1 }, { skuId: s.tray }], /^1\.count: /],
      ['POST', '/api/cart/batch/add', [{ skuId: 0, count: 1 }], /^0\.skuId: /],
      // Ids past a PostgreSQL integer name no row; they are refused before any query.
      ['POST', '/api/cart/app/add', { skuId: 2 ** 31, count: 1 }, /^skuId: is too large/],
      ['POST', '/api/cart/app/add', { skuId: 99_999_999_999_999, count: 1 }, /^skuId: /],
      ['POST', '/api/cart/sync', [{ skuId: 99_999_999_999_999, count: 1 }], /^0\.skuId: /],
      ['PUT', '/api/cart/count', { id: 2 ** 31, count: 1 }, /^id: /],
      ['PUT', '/api/cart/check', { id: [line!.id, 2 ** 31], checked: false }, /^id\.1: /],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await call(a, method, url, payload);
      expect(res.status, `${method} ${url} ${JSON.stringify(payload)}: ${JSON.stringify(res.body)}`).toBe(
        400,
      );
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    for (const badId of ['abc', String(2 ** 31)]) {
      const res = await call(a, 'DELETE', `/api/cart/${badId}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^id: /);
    }
    expect(summary(await getCart(a))).toEqual([[s.tray, 2, true]]);
  });
});

describe('sync and batch add', () => {
  const merge = async (h: Record<string, string>, path: string, lines: unknown): Promise<CartMergeResult> => {
    const res = await call<CartMergeResult>(h, 'POST', path, lines);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    envelopeOf(cartMergeResultSchema).parse(res.body);
    return res.body.data;
  };

  it('merges a local cart (newest first) so its newest line ends on top, counts adding up', async () => {
    await addOk(a, s.tray, 1);
    const { items, problems } = await merge(a, '/api/cart/sync', [
      { skuId: s.honey, count: 2 },
      { skuId: s.lantern2, count: 1, checked: false },
      { skuId: s.tray, count: 2 },
    ]);
    expect(problems).toEqual([]);
    expect(summary(items)).toEqual([
      [s.honey, 2, true],
      [s.lantern2, 1, false],
      [s.tray, 3, true],
    ]);
    expect(await getCart(a)).toEqual(items);
    // An empty local cart changes nothing and answers the cart.
    expect(await merge(a, '/api/cart/sync', [])).toEqual({ items, problems: [] });
  });

  it('adds as much as the limit and stock allow and reports every line that did not go in whole', async () => {
    await addOk(a, s.lantern, 2);
    await addOk(a, s.tray, 4);
    const local = [
      { skuId: s.honey, count: 2 },
      { skuId: s.tray, count: 3 },
      { skuId: s.lantern, count: 5 },
      { skuId: s.hidden, count: 1 },
      { skuId: 2_000_000_000, count: 4 },
      { skuId: s.own, count: 1 },
      { skuId: s.honey, count: 2 },
    ];
    const { items, problems } = await merge(a, '/api/cart/sync', local);
    expect(summary(items)).toEqual([
      [s.honey, 3, true],
      [s.tray, 5, true],
      [s.lantern, 3, true],
    ]);
    expect(problems).toEqual([
      { skuId: s.honey, name: 'Mānuka Honey', requested: 2, added: 1, message: LIMIT_MESSAGE },
      { skuId: s.tray, name: 'Rimu Tray', requested: 3, added: 1, message: LIMIT_MESSAGE },
      { skuId: s.lantern, name: 'Camp Lantern', requested: 5, added: 1, message: stockMessage(3) },
      { skuId: s.hidden, name: 'Hidden Thing', requested: 1, added: 0, message: SKU_GONE },
      { skuId: 2_000_000_000, name: '', requested: 4, added: 0, message: SKU_GONE },
      { skuId: s.own, name: 'Own Jar', requested: 1, added: 0, message: MIX_MESSAGE },
    ]);
    // Nothing lost: each unit requested is in the cart or reported as not added.
    const before = { [s.lantern]: 2, [s.tray]: 4 } as Record<number, number>;
    for (const skuId of new Set(local.map((l) => l.skuId))) {
      const requested = local.filter((l) => l.skuId === skuId).reduce((n, l) => n + l.count, 0);
      const notAdded = problems
        .filter((p) => p.skuId === skuId)
        .reduce((n, p) => n + p.requested - p.added, 0);
      const inCart = items.find((i) => i.skuId === skuId)?.count ?? 0;
      expect(inCart - (before[skuId] ?? 0) + notAdded, `sku ${skuId}`).toBe(requested);
    }
  });

  it('applies the mixing rule as if each line were added in turn', async () => {
    // Into an empty cart: the oldest local line (Local SPY) goes first, the other supplier is refused.
    const { items, problems } = await merge(b, '/api/cart/batch/add', [
      { skuId: s.tray, count: 1 },
      { skuId: s.own2, count: 2 },
      { skuId: s.own, count: 1 },
    ]);
    expect(summary(items)).toEqual([
      [s.own2, 2, true],
      [s.own, 1, true],
    ]);
    expect(problems).toEqual([
      { skuId: s.tray, name: 'Rimu Tray', requested: 1, added: 0, message: MIX_MESSAGE },
    ]);
  });
});

describe('atomicity and documentation', () => {
  it('merges all or nothing: a failure on one line leaves the cart as it was', async () => {
    const db = server.database.db;
    await addOk(a, s.tray, 1);
    await db.execute(
      sql.raw(`create function cart_test_fail() returns trigger language plpgsql as $$
        begin if new.sku_id = ${s.lantern2} then raise exception 'boom'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger cart_test_fail before insert on cart_line for each row execute function cart_test_fail()`,
      ),
    );
    try {
      // Oldest first: honey and tray go in before lantern2 fails.
      const res = await call(a, 'POST', '/api/cart/sync', [
        { skuId: s.lantern2, count: 1 },
        { skuId: s.tray, count: 1 },
        { skuId: s.honey, count: 1 },
      ]);
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger cart_test_fail on cart_line'));
      await db.execute(sql.raw('drop function cart_test_fail()'));
    }
    expect(summary(await getCart(a))).toEqual([[s.tray, 1, true]]);
  });

  it('lists every cart call in the OpenAPI document', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths['/api/cart/app']!)).toContain('get');
    expect(Object.keys(doc.paths['/api/cart/app/add']!)).toContain('post');
    expect(Object.keys(doc.paths['/api/cart/count']!)).toContain('put');
    expect(Object.keys(doc.paths['/api/cart/check']!)).toContain('put');
    expect(Object.keys(doc.paths['/api/cart/{id}']!)).toContain('delete');
    expect(Object.keys(doc.paths['/api/cart']!)).toContain('delete');
    expect(Object.keys(doc.paths['/api/cart/sync']!)).toContain('post');
    expect(Object.keys(doc.paths['/api/cart/batch/add']!)).toContain('post');
  });
});
