import type { OrderBadge } from '@mall/shared/contract/account';
import {
  type Comment,
  type CommentPage,
  commentPageSchema,
  commentSchema,
  type OrderSummary,
} from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../src/modules/order/comments.ts';
import { markShipped } from '../src/modules/order/service.ts';
import { bearer, countRows, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
let goodsOf: { kete: number; honey: number };

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: ORDER_TEST_ENV,
  });
  api = caller(server);
  fx = await orderFixtures(server, 'Comment');
  const res = (await server.database.db.execute(
    sql`select id, goods_id from sku where id in (${fx.skus.kete}, ${fx.skus.honey})`,
  )) as unknown as { rows: { id: number; goods_id: number }[] };
  const goods = new Map(res.rows.map((r) => [r.id, r.goods_id]));
  goodsOf = { kete: goods.get(fx.skus.kete)!, honey: goods.get(fx.skus.honey)! };
});
afterAll(() => server.close());

/** Pays through the sandbox gateway's card form with the success card. */
const pay = async (h: Record<string, string>, orderId: number) =>
  expect((await api.pay(h, orderId)).res.statusCode).toBe(303);

type Stage = 'pending' | 'paid' | 'shipped' | 'completed';

/** A member (named `userName`) with an order of a kete and a honey taken to `stage`. */
const memberWithOrder = async (userName: string, stage: Stage = 'completed') => {
  const h = bearer(await registerMember(server, 'retail', { userName }));
  return { h, order: await orderFor(h, stage) };
};

const orderFor = async (h: Record<string, string>, stage: Stage): Promise<OrderSummary> => {
  const address = await api.address(h);
  const ids = [(await api.add(h, fx.skus.kete, 1)).id, (await api.add(h, fx.skus.honey, 2)).id];
  const placed = await api.submit(h, { cartItemIds: ids, addressId: address.id });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body.data;
  if (stage !== 'pending') await pay(h, order.id);
  if (stage === 'shipped' || stage === 'completed')
    await markShipped(server.database.db, order.orderNo, null);
  if (stage === 'completed') {
    expect((await api.call(h, 'PATCH', `/api/sale/order/confirm/receipt/${order.id}`)).status).toBe(200);
  }
  return order;
};

const lineOf = (order: OrderSummary, skuId: number) => order.lines.find((l) => l.skuId === skuId)!;

const post = (h: Record<string, string>, payload: unknown) =>
  server.call<Comment>({
    method: 'POST',
    url: '/api/sale/order/comment',
    headers: h,
    payload: payload as object,
  });

describe(`rating a line of an order (${testDbKind})`, () => {
  it("rates a line of the member's completed order once; the line shows as rated and the badge drops", async () => {
    const { h, order } = await memberWithOrder('Aroha');
    const kete = lineOf(order, fx.skus.kete);
    expect(
      (await api.call<OrderBadge>(h, 'GET', '/api/retail/customer/order/badge')).body.data.toComment,
    ).toBe(2);

    const res = await post(h, { orderLineId: kete.id, rating: 5, content: '  Beautifully woven.  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const comment = commentSchema.parse(res.body.data);
    expect(comment).toMatchObject({
      orderId: order.id,
      orderLineId: kete.id,
      goodsId: goodsOf.kete,
      name: 'Comment Flax Kete',
      rating: 5,
      content: 'Beautifully woven.',
      author: 'A***a',
    });
    expect(new Date(comment.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.lines.find((l) => l.id === kete.id)!.commented).toBe(true);
    expect(detail.lines.find((l) => l.skuId === fx.skus.honey)!.commented).toBe(false);
    expect(
      (await api.call<OrderBadge>(h, 'GET', '/api/retail/customer/order/badge')).body.data.toComment,
    ).toBe(1);

    const again = await post(h, { orderLineId: kete.id, rating: 1, content: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      code: 409,
      message: 'You have already rated this item.',
      data: null,
      reason: 'conflict',
    });
    const own = await api.call<Comment>(h, 'GET', `/api/sale/order/comment/${comment.id}`);
    expect(own.body.data).toMatchObject({ rating: 5, content: 'Beautifully woven.' });
  });

  it('refuses a line of an order that is not completed yet (409), at every stage before', async () => {
    for (const stage of ['pending', 'paid', 'shipped'] as const) {
      const { h, order } = await memberWithOrder('Mere', stage);
      const res = await post(h, { orderLineId: order.lines[0]!.id, rating: 4, content: 'Too early' });
      expect(res.status, stage).toBe(409);
      expect(res.body.message).toBe('You can rate goods once the order is completed.');
    }
  });

  it("answers 404 for another member's line or an unknown line, 401 for a guest, and writes nothing", async () => {
    const { order } = await memberWithOrder('Tane');
    const other = bearer(await registerMember(server, 'retail'));
    const before = await countRows(server, 'order_comment');
    const theirs = await post(other, { orderLineId: order.lines[0]!.id, rating: 5, content: 'Not mine' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({
      success: false,
      code: 404,
      message: 'orderLineId: This item was not found.',
      data: { errors: [{ field: 'orderLineId', message: 'This item was not found.' }] },
      reason: 'not_found',
    });
    const unknown = await post(other, { orderLineId: 2_000_000_000, rating: 5, content: 'Nothing' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('orderLineId: This item was not found.');
    const guest = await post({}, { orderLineId: order.lines[0]!.id, rating: 5, content: 'Guest' });
    expect(guest.status).toBe(401);
    expect(await countRows(server, 'order_comment')).toBe(before);
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const { h, order } = await memberWithOrder('Nikau');
    const line = order.lines[0]!.id;
    const before = await countRows(server, 'order_comment');
    const cases: [unknown, RegExp][] = [
      [{ orderLineId: line, rating: 6, content: 'Great' }, /^rating: must be 1 to 5$/],
      [{ orderLineId: line, rating: 0, content: 'Great' }, /^rating: must be 1 to 5$/],
      [{ orderLineId: line, rating: 4.5, content: 'Great' }, /^rating: /],
      [{ orderLineId: line, rating: 4, content: '   ' }, /^content: This field is required$/],
      [
        { orderLineId: line, rating: 4, content: 'x'.repeat(501) },
        /^content: must be at most 500 characters$/,
      ],
      [{ orderLineId: line, rating: 4 }, /^content/],
      [{ rating: 4, content: 'Great' }, /^orderLineId/],
      [{ orderLineId: 'abc', rating: 4, content: 'Great' }, /^orderLineId: /],
      [{ orderLineId: -1, rating: 4, content: 'Great' }, /^orderLineId: /],
    ];
    for (const [payload, message] of cases) {
      const res = await post(h, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    // Exactly 500 characters is allowed.
    expect((await post(h, { orderLineId: line, rating: 4, content: 'y'.repeat(500) })).status).toBe(200);
    expect(await countRows(server, 'order_comment')).toBe(before + 1);
  });

  it('lets only one of two ratings of the same line sent at once through (the other 409)', async () => {
    const { h, order } = await memberWithOrder('Rawiri');
    const line = lineOf(order, fx.skus.honey).id;
    const before = await countRows(server, 'order_comment');
    const results = await Promise.all([
      post(h, { orderLineId: line, rating: 5, content: 'First' }),
      post(h, { orderLineId: line, rating: 3, content: 'Second' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('You have already rated this item.');
    expect(await countRows(server, 'order_comment')).toBe(before + 1);
  });
});

describe(`reading comments (${testDbKind})`, () => {
  it("lists the member's comments newest first, page by page; another member's comment is 404", async () => {
    const { h, order } = await memberWithOrder('Kahu');
    const second = await orderFor(h, 'completed');
    const posted: Comment[] = [];
    for (const [line, rating] of [
      [lineOf(order, fx.skus.kete), 5],
      [lineOf(order, fx.skus.honey), 4],
      [lineOf(second, fx.skus.kete), 3],
    ] as const) {
      const res = await post(h, { orderLineId: line.id, rating, content: `Rated ${rating}` });
      expect(res.status).toBe(200);
      posted.push(res.body.data);
    }
    const page1 = await api.call<CommentPage>(h, 'GET', '/api/sale/order/comment/app?pageNum=1&pageSize=2');
    expect(page1.status).toBe(200);
    commentPageSchema.parse(page1.body.data);
    expect(page1.body.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page1.body.data.records.map((c) => c.id)).toEqual([posted[2]!.id, posted[1]!.id]);
    expect(page1.body.data.records.every((c) => c.author === 'K***u')).toBe(true);
    const page2 = (await api.call<CommentPage>(h, 'GET', '/api/sale/order/comment/app?pageNum=2&pageSize=2'))
      .body.data;
    expect(page2.records.map((c) => c.id)).toEqual([posted[0]!.id]);
    const defaults = (await api.call<CommentPage>(h, 'GET', '/api/sale/order/comment/app')).body.data;
    expect(defaults).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });

    const bad = await api.call(h, 'GET', '/api/sale/order/comment/app?pageSize=101');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^pageSize: /);
    expect((await api.call(h, 'GET', '/api/sale/order/comment/app?pageNum=0')).status).toBe(400);

    // Another member sees none of them and cannot open one.
    const other = bearer(await registerMember(server, 'retail'));
    const theirs = (await api.call<CommentPage>(other, 'GET', '/api/sale/order/comment/app')).body.data;
    expect(theirs).toMatchObject({ total: 0, records: [] });
    const one = await api.call(other, 'GET', `/api/sale/order/comment/${posted[0]!.id}`);
    expect(one.status).toBe(404);
    expect(one.body.message).toBe('id: This comment was not found.');
    expect((await api.call(h, 'GET', '/api/sale/order/comment/2000000000')).status).toBe(404);
    expect((await api.call(h, 'GET', '/api/sale/order/comment/abc')).status).toBe(400);
    // Guests: sign in first.
    expect((await api.call({}, 'GET', '/api/sale/order/comment/app')).status).toBe(401);
    expect((await api.call({}, 'GET', `/api/sale/order/comment/${posted[0]!.id}`)).status).toBe(401);
  });

  it("shows a good's comments to anyone, newest first, authors masked, page by page", async () => {
    // The honey's comments so far come from earlier tests; read the count first.
    const url = (q = '') => `/api/sale/good/comment/${goodsOf.honey}${q}`;
    const before = (await server.call<CommentPage>(url())).body.data.total;
    const authors = ['Wiremu', 'Hine', 'Li'];
    const ids: number[] = [];
    for (const [i, name] of authors.entries()) {
      const { h, order } = await memberWithOrder(name);
      const res = await post(h, {
        orderLineId: lineOf(order, fx.skus.honey).id,
        rating: i + 3,
        content: `Review ${i + 1}`,
      });
      expect(res.status).toBe(200);
      ids.push(res.body.data.id);
    }
    // No sign-in needed.
    const res = await server.call<CommentPage>(url('?pageNum=1&pageSize=2'));
    expect(res.status).toBe(200);
    commentPageSchema.parse(res.body.data);
    expect(res.body.data).toMatchObject({ total: before + 3, pageNum: 1, pageSize: 2 });
    expect(res.body.data.records.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.data.records.map((c) => c.author)).toEqual(['L***i', 'H***e']);
    expect(res.body.data.records.every((c) => c.goodsId === goodsOf.honey)).toBe(true);
    const next = (await server.call<CommentPage>(url('?pageNum=2&pageSize=2'))).body.data;
    expect(next.records[0]).toMatchObject({ id: ids[0], author: 'W***u', rating: 3, content: 'Review 1' });
    // No full user name leaks anywhere in the public answer.
    const all = await server.app.inject({ method: 'GET', url: url('?pageSize=100') });
    for (const name of authors) expect(all.body).not.toContain(`"${name}"`);
    expect(all.body).not.toContain('Wiremu');

    // Another good's list does not include them; a good nobody rated has none.
    const kete = (await server.call<CommentPage>(`/api/sale/good/comment/${goodsOf.kete}?pageSize=100`)).body
      .data;
    expect(kete.records.some((c) => ids.includes(c.id))).toBe(false);
    expect((await server.call<CommentPage>('/api/sale/good/comment/2000000000')).body.data).toMatchObject({
      total: 0,
      records: [],
    });
    const bad = await server.call('/api/sale/good/comment/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^goodsId: /);
  });

  it('masks a name to its first and last character', () => {
    expect(maskName('Aroha')).toBe('A***a');
    expect(maskName('Li')).toBe('L***i');
    expect(maskName('A')).toBe('A***');
    expect(maskName('Kiri_01')).toBe('K***1');
    expect(maskName('王小明')).toBe('王***明');
    expect(maskName('')).toBe('***');
  });
});
