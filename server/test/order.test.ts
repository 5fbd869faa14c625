import { randomUUID } from 'node:crypto';
import { LIMIT_MESSAGE, MIX_MESSAGE } from '@mall/shared/cart-rules';
import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderBadge } from '@mall/shared/contract/account';
import type { OrderPage, PaymentStart } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { awaitsPayment, isFinalStatus, mayTransition } from '@mall/shared/order-states';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_WHOLESALE } from '../src/modules/customer/seed.ts';
import { closeExpiredOrders, markShipped } from '../src/modules/order/service.ts';
import { createSandboxGateway } from '../src/modules/payment/sandbox-gateway.ts';
import { signatureValid, signResult } from '../src/modules/payment/signature.ts';
import { checkoutWallet } from '../src/modules/wallet/checkout-wallet.ts';
import { bearer, countRows, login, outboxMessages, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, ORDER_TEST_ENV, orderFixtures, stockNow } from './order-helpers.ts';

const { PAYMENT_SECRET } = ORDER_TEST_ENV;

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
/** A member with no orders: another member's orders are out of their reach. */
let b: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: ORDER_TEST_ENV,
  });
  api = caller(server);
  fx = await orderFixtures(server, 'Order');
  b = bearer(await registerMember(server, 'retail'));
});
afterAll(() => server.close());

/** A fresh member with an Auckland address and `lines` in the cart; their cart item ids. */
const shopper = async (lines: [number, number][], region = 'AUK') => {
  const h = bearer(await registerMember(server, 'retail'));
  const address = await api.address(h, region);
  const ids: number[] = [];
  for (const [sku, n] of lines) ids.push((await api.add(h, sku, n)).id);
  return { h, address, ids };
};

const pay = async (h: Record<string, string>, orderId: number, card?: string) => {
  const paid = await api.pay(h, orderId, card);
  expect(paid.url).toMatch(/^\/sandbox-gateway\/pay\/pay_[0-9a-f]{24}$/);
  expect(paid.page).toContain('4242 4242 4242 4242');
  return paid;
};

/** The amount (cents) a payment asks for. */
const amountOf = async (reference: string) => {
  const res = (await server.database.db.execute(
    sql`select amount_cents from payment where reference = ${reference}`,
  )) as unknown as { rows: { amount_cents: number }[] };
  return res.rows[0]!.amount_cents;
};

/** The gateway's signed callback for payment `reference`: by default its own amount, in NZD, signed now. */
const callback = async (
  q: {
    reference: string;
    status: 'succeeded' | 'declined';
    last4?: string;
    amountCents?: number;
    currency?: string;
    ts?: number;
  },
  secret = PAYMENT_SECRET,
) => {
  const ts = String(q.ts ?? Date.now());
  const signed = {
    reference: q.reference,
    status: q.status,
    cardLast4: q.last4 ?? null,
    amountCents: q.amountCents ?? (await amountOf(q.reference)),
    currency: q.currency ?? 'NZD',
  };
  return server.call<{ result: string }>({
    url: '/api/sale/order/pay/callback',
    query: {
      reference: q.reference,
      status: q.status,
      amount: String(signed.amountCents),
      currency: signed.currency,
      last4: q.last4 ?? '',
      ts,
      signature: signResult(secret, signed, ts),
    },
  });
};

describe(`placing an order (${testDbKind})`, () => {
  it('orders the chosen cart lines at server prices, takes the stock and empties those lines', async () => {
    const { h, address, ids } = await shopper([
      [fx.skus.kete, 3],
      [fx.skus.honey, 1],
    ]);
    const keteBefore = await stockNow(server, fx.skus.kete, fx.org);
    // Only the kete is bought; the honey stays in the cart.
    const res = await api.submit(h, {
      cartItemIds: [ids[0]!],
      addressId: address.id,
      remark: 'Leave at the door',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: ORDER_STATUS.pendingPayment,
      payStatus: PAY_STATUS.unpaid,
      // 3 x 33.33: from $99 of goods shipping is free.
      goodsAmount: 99.99,
      shippingFee: 0,
      payAmount: 99.99,
      // 99.99 x 3/23 = 13.0422 -> 13.04
      gstAmount: 13.04,
      itemCount: 3,
    });
    expect(order.orderNo).toMatch(/^KM\d{6}\d{6,}$/);
    expect(order.lines).toMatchObject([
      { skuId: fx.skus.kete, price: 33.33, count: 3, amount: 99.99, supplierCode: 'AHL' },
    ]);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(keteBefore - 3);
    expect((await api.cart(h)).map((i) => i.skuId)).toEqual([fx.skus.honey]);

    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.address).toMatchObject({
      recipient: 'Aroha Ngata',
      region: 'AUK',
      island: 'north',
      postcode: '1010',
    });
    expect(detail.remark).toBe('Leave at the door');
    expect(detail.timeline.map((e) => e.kind)).toEqual(['placed']);
    expect(new Date(detail.payDeadline!).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('charges shipping below the free threshold and states the GST of the total', async () => {
    const { h, address, ids } = await shopper([[fx.skus.honey, 1]]);
    const res = await api.submit(h, { cartItemIds: ids, addressId: address.id });
    // 28.89 x 3/23 = 3.7683 -> 3.77
    expect(res.body.data).toMatchObject({
      goodsAmount: 19.99,
      shippingFee: 8.9,
      payAmount: 28.89,
      gstAmount: 3.77,
    });
    // One cent below the threshold still pays shipping (exact decimals: 4 x 24.7475 is not a price).
    const c = await shopper([[fx.skus.honey, 4]]);
    await server.database.db.execute(
      sql`update sku set retail_price_cents = 2474 where id = ${fx.skus.honey}`,
    );
    const below = await api.submit(c.h, { cartItemIds: c.ids, addressId: c.address.id });
    await server.database.db.execute(
      sql`update sku set retail_price_cents = 1999 where id = ${fx.skus.honey}`,
    );
    expect(below.body.data).toMatchObject({ goodsAmount: 98.96, shippingFee: 8.9, payAmount: 107.86 });
  });

  it('gives the same order for the same Idempotency-Key, even sent at once', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const before = await stockNow(server, fx.skus.kete, fx.org);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api.submit(h, { cartItemIds: ids, addressId: address.id }, key)),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before - 1);
    const again = await api.submit(h, { cartItemIds: ids, addressId: address.id }, key);
    expect(again.body.data.id).toBe(results[0]!.body.data.id);
  });

  it('orders cart lines once when they are submitted at once with different keys', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 2]]);
    const before = await stockNow(server, fx.skus.kete, fx.org);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api.submit(h, { cartItemIds: ids, addressId: address.id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    for (const r of results.filter((x) => x.status === 404))
      expect(r.body.message).toBe(`cartItemIds: ${ids[0]} is not in your shopping cart.`);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before - 2);
    expect((await api.call<OrderPage>(h, 'GET', '/api/sale/order/app/list')).body.data.total).toBe(1);
  });

  it('answers a placed order as the order list and its page show it after', async () => {
    const { h, address, ids } = await shopper([
      [fx.skus.kete, 2],
      [fx.skus.honey, 1],
    ]);
    const res = await api.submit(h, { cartItemIds: ids, addressId: address.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.data;
    expect(order.lines.map((l) => [l.skuId, l.count])).toEqual(
      expect.arrayContaining([
        [fx.skus.kete, 2],
        [fx.skus.honey, 1],
      ]),
    );
    expect(order.payDeadline).not.toBeNull();
    expect(await api.detail(h, order.id).then((r) => r.body.data)).toMatchObject(order);
    const listed = await api.call<OrderPage>(h, 'GET', '/api/sale/order/app/list');
    expect(listed.body.data.records).toEqual([order]);
  });

  it('mails the member a confirmation of a placed order with its page, once for a repeated key', async () => {
    const m = await registerMember(server, 'retail');
    const h = bearer(m);
    const address = await api.address(h);
    const ids = [(await api.add(h, fx.skus.kete, 2)).id];
    const key = randomUUID();
    const placed = await api.submit(h, { cartItemIds: ids, addressId: address.id }, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data;
    const mail = await vi.waitFor(
      () => {
        const found = outboxMessages(server, m.member.userAccount).find((x) => x.includes(order.orderNo));
        if (!found) throw new Error('no order mail yet');
        return found.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail).toContain(`Subject: Kauri Mall order ${order.orderNo} confirmed`);
    expect(mail).toContain(`Total: ${formatPrice(order.totalAmount)} (including GST)`);
    expect(mail).toContain(`To pay: ${formatPrice(order.payAmount)}.`);
    expect(mail).toContain(`/pages/order/pay/index?orderId=${order.id}`);
    expect(mail).toContain(`/pages/order/detail?id=${order.id}`);
    expect(mail).toContain('GST tax invoice (ready once the order is paid)');
    expect((await api.submit(h, { cartItemIds: ids, addressId: address.id }, key)).body.data.id).toBe(
      order.id,
    );
    const orderMails = outboxMessages(server, m.member.userAccount).filter((x) => x.includes(order.orderNo));
    expect(orderMails).toHaveLength(1);
  });

  it('queues the confirmation with the order it confirms: a refused submission queues none', async () => {
    const m = await registerMember(server, 'retail');
    const h = bearer(m);
    const address = await api.address(h);
    const ids = [(await api.add(h, fx.skus.kete, 1)).id];
    const queued = async () =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n, count(sent_at)::int as sent from mail_queue
              where "to" = ${m.member.userAccount} and subject like '%order%'`,
        )) as unknown as { rows: { n: number; sent: number }[] }
      ).rows[0]!;
    const refused = await api.submit(h, { cartItemIds: ids, addressId: address.id + 1_000_000 });
    expect(refused.status).toBe(404);
    expect((await queued()).n).toBe(0);
    const placed = await api.submit(h, { cartItemIds: ids, addressId: address.id });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await queued()).n).toBe(1);
    await vi.waitFor(
      async () => {
        if ((await queued()).sent !== 1) throw new Error('not marked sent yet');
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('refuses without an Idempotency-Key, with bad input, or with ids that are not the member’s, changing nothing', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const other = await shopper([[fx.skus.kete, 1]]);
    const orders = await countRows(server, 'sale_order');
    const stock = await stockNow(server, fx.skus.kete, fx.org);

    const noKey = await api.submit(h, { cartItemIds: ids, addressId: address.id }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/^Idempotency-Key: /);
    const empty = await api.submit(h, { cartItemIds: [], addressId: address.id });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/cartItemIds/);
    for (const tooLarge of [
      { cartItemIds: [2 ** 31], addressId: address.id },
      { cartItemIds: ids, addressId: 2 ** 31 },
    ]) {
      const res = await api.submit(h, tooLarge);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(/is too large/);
    }
    const notMine = await api.submit(h, { cartItemIds: other.ids, addressId: address.id });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toMatch(/^cartItemIds: /);
    const notMyAddress = await api.submit(h, { cartItemIds: ids, addressId: other.address.id });
    expect(notMyAddress.status).toBe(404);
    expect(notMyAddress.body.message).toMatch(/^addressId: /);
    const guest = await api.submit({}, { cartItemIds: ids, addressId: address.id });
    expect(guest.status).toBe(401);

    expect(await countRows(server, 'sale_order')).toBe(orders);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(stock);
    expect(await api.cart(h)).toHaveLength(1);
    expect(await api.cart(other.h)).toHaveLength(1);
  });

  it('applies the cart rules again: stock, the purchase limit and the mixing rule', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 3]]);
    // The stock falls below the cart's count after it was added.
    const before = await stockNow(server, fx.skus.kete, fx.org);
    await server.database.db.execute(
      sql`update stock set quantity = 2 where sku_id = ${fx.skus.kete} and org_id = ${fx.org}`,
    );
    const res = await api.submit(h, { cartItemIds: ids, addressId: address.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Flax Kete/);
    await server.database.db.execute(
      sql`update stock set quantity = ${before} where sku_id = ${fx.skus.kete} and org_id = ${fx.org}`,
    );
    // A limit lowered after the add.
    const c = await shopper([[fx.skus.honey, 4]]);
    await server.database.db.execute(sql`update sku set max_count = 2 where id = ${fx.skus.honey}`);
    const limited = await api.submit(c.h, { cartItemIds: c.ids, addressId: c.address.id });
    await server.database.db.execute(sql`update sku set max_count = 4 where id = ${fx.skus.honey}`);
    expect(limited.status).toBe(409);
    expect(limited.body.message).toContain(LIMIT_MESSAGE);
    // Local SPY goods and others in one order (put in the cart by hand, as an old cart could hold them).
    const d = await shopper([[fx.skus.own, 1]]);
    const memberId = Number(
      (await api.call<{ id: number }>(d.h, 'GET', '/api/sys/auth/user/info')).body.data.id,
    );
    await server.database.db.execute(
      sql`insert into cart_line (member_id, sku_id, count) values (${memberId}, ${fx.skus.kete}, 1)`,
    );
    const mixed = await api.submit(d.h, {
      cartItemIds: (await api.cart(d.h)).map((i) => i.id),
      addressId: d.address.id,
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.message).toBe(MIX_MESSAGE);
  });

  it('enforces the wholesale minimum per island and says how much is missing', async () => {
    const w = await login(server, 'wholesale', DEMO_WHOLESALE.email, DEMO_PASSWORD);
    const h = bearer(w.body.data);
    await api.call(h, 'DELETE', '/api/cart');
    const north = await api.address(h, 'AUK');
    const south = await api.address(h, 'CAN');
    const line = await api.add(h, fx.skus.bulk, 1); // wholesale 210.00
    const low = await api.submit(h, { cartItemIds: [line.id], addressId: north.id });
    expect(low.status).toBe(409);
    expect(low.body.reason).toBe('order.minimum_not_met');
    expect(low.body.message).toBe(
      'Wholesale orders to the North Island need at least $600.00 of goods. Add $390.00 more to place this order.',
    );
    await api.call(h, 'PUT', '/api/cart/count', { id: line.id, count: 3 }); // 630.00
    const toSouth = await api.submit(h, { cartItemIds: [line.id], addressId: south.id });
    expect(toSouth.status).toBe(409);
    expect(toSouth.body.message).toContain('Add $1,370.00 more');
    const ok = await api.submit(h, { cartItemIds: [line.id], addressId: north.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      goodsAmount: 630,
      shippingFee: 0,
      payAmount: 630,
      gstAmount: 82.17,
    });
  });
});

describe(`following an order (${testDbKind})`, () => {
  it('cancels a pending order once, returning its stock; another member cannot see or touch it', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 2]]);
    const before = await stockNow(server, fx.skus.kete, fx.org);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before - 2);

    for (const [method, url] of [
      ['GET', `/api/sale/order/app/detail/${order.id}`],
      ['PATCH', `/api/sale/order/cancel/${order.id}`],
      ['DELETE', `/api/sale/order/del/${order.id}`],
      ['PATCH', `/api/sale/order/confirm/receipt/${order.id}`],
      ['GET', `/api/sale/order/continue/payment/${order.id}`],
    ] as const) {
      const res = await api.call(b, method, url);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const cancelled = await api.call<{ status: string; timeline: { kind: string }[] }>(
      h,
      'PATCH',
      `/api/sale/order/cancel/${order.id}`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe(ORDER_STATUS.cancelled);
    expect(cancelled.body.data.timeline.map((e) => e.kind)).toEqual(['placed', 'cancelled']);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before);
    const twice = await api.call(h, 'PATCH', `/api/sale/order/cancel/${order.id}`);
    expect(twice.status).toBe(409);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before);
    // Cancelled orders can be deleted: hidden from the member's list.
    expect((await api.call(h, 'DELETE', `/api/sale/order/del/${order.id}`)).status).toBe(200);
    const list = await api.call<OrderPage>(h, 'GET', '/api/sale/order/app/list');
    expect(list.body.data.records.map((o) => o.id)).not.toContain(order.id);
    expect((await api.detail(h, order.id)).status).toBe(404);
  });

  it('closes unpaid orders past their deadline once, even with two sweepers, and gives the stock back', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const before = await stockNow(server, fx.skus.kete, fx.org);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    await server.database.db.execute(
      sql`update sale_order set pay_deadline = now() - interval '1 second' where id = ${order.id}`,
    );
    const closed = await Promise.all([
      closeExpiredOrders(server.database.db, checkoutWallet),
      closeExpiredOrders(server.database.db, checkoutWallet),
    ]);
    expect(closed[0]! + closed[1]!).toBeGreaterThanOrEqual(1);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['placed', 'expired']);
    expect(await stockNow(server, fx.skus.kete, fx.org)).toBe(before);
    // Paying it now is refused.
    const late = await api.call(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    expect(late.status).toBe(409);
  });

  it('lists orders newest first by status with badge counts, and follows an order to completion', async () => {
    const { h, address } = await shopper([]);
    const place = async () => {
      const line = await api.add(h, fx.skus.honey, 1);
      return (await api.submit(h, { cartItemIds: [line.id], addressId: address.id })).body.data;
    };
    const first = await place();
    const second = await place();
    const third = await place();
    await api.call(h, 'PATCH', `/api/sale/order/cancel/${third.id}`);
    expect((await pay(h, second.id)).res.statusCode).toBe(303);
    await markShipped(server.database.db, second.orderNo, 'NZ123456789NZ');
    await expect(markShipped(server.database.db, first.orderNo, null)).rejects.toThrow(
      /not waiting to be shipped/,
    );

    const badge = (await api.call<OrderBadge>(h, 'GET', '/api/retail/customer/order/badge')).body.data;
    expect(badge).toEqual({
      pendingPayment: 1,
      toShip: 0,
      shipped: 1,
      completed: 0,
      cancelled: 1,
      toComment: 0,
    });
    const all = (await api.call<OrderPage>(h, 'GET', '/api/sale/order/app/list?pageSize=2')).body.data;
    expect(all.total).toBe(3);
    expect(all.records.map((o) => o.id)).toEqual([third.id, second.id]);
    const shipped = (
      await api.call<OrderPage>(h, 'GET', `/api/sale/order/app/list?status=${ORDER_STATUS.shipped}`)
    ).body.data;
    expect(shipped.records.map((o) => o.id)).toEqual([second.id]);
    expect((await api.call(h, 'GET', '/api/sale/order/app/list?status=9')).status).toBe(400);

    // Only a shipped order can be confirmed; then it is completed and can be deleted.
    expect((await api.call(h, 'PATCH', `/api/sale/order/confirm/receipt/${first.id}`)).status).toBe(409);
    const done = await api.call<{ status: string; trackingNo: string; timeline: { kind: string }[] }>(
      h,
      'PATCH',
      `/api/sale/order/confirm/receipt/${second.id}`,
    );
    expect(done.body.data.status).toBe(ORDER_STATUS.completed);
    expect(done.body.data.trackingNo).toBe('NZ123456789NZ');
    expect(done.body.data.timeline.map((e) => e.kind)).toEqual([
      'placed',
      'payment_started',
      'paid',
      'shipped',
      'completed',
    ]);
    expect((await api.call(h, 'DELETE', `/api/sale/order/del/${first.id}`)).status).toBe(409);
    const after = (await api.call<OrderBadge>(h, 'GET', '/api/retail/customer/order/badge')).body.data;
    expect(after).toMatchObject({ completed: 1, shipped: 0, toComment: 1 });
  });
});

describe(`the order state machine on the server (${testDbKind})`, () => {
  /** Today's refusal of each change a member asks for from a status it does not start at. */
  const REFUSED = {
    cancel: ['PATCH', 'cancel', 'Only an order waiting for payment can be cancelled.'],
    confirmReceipt: ['PATCH', 'confirm/receipt', 'Only a shipped order can be confirmed as received.'],
    delete: ['DELETE', 'del', 'Only a completed or cancelled order can be deleted.'],
    pay: ['GET', 'continue/payment', 'This order is not waiting for payment.'],
  } as const;
  type MemberChange = keyof typeof REFUSED;
  /** Whether the machine lets the member make `change` from `status`. */
  const allowed = (change: MemberChange, status: string) =>
    change === 'delete'
      ? isFinalStatus(status)
      : change === 'pay'
        ? awaitsPayment(status)
        : mayTransition(change, status, 'member');

  it('refuses every change the machine does not allow from each status, with the same answer, changing nothing', async () => {
    const { h, address } = await shopper([]);
    const place = async () => {
      const line = await api.add(h, fx.skus.honey, 1);
      return (await api.submit(h, { cartItemIds: [line.id], addressId: address.id })).body.data;
    };
    const inStatus: Record<string, { id: number; orderNo: string }> = {};
    inStatus[ORDER_STATUS.pendingPayment] = await place();
    inStatus[ORDER_STATUS.cancelled] = await place();
    await api.call(h, 'PATCH', `/api/sale/order/cancel/${inStatus[ORDER_STATUS.cancelled]!.id}`);
    for (const status of [ORDER_STATUS.toShip, ORDER_STATUS.shipped, ORDER_STATUS.completed]) {
      const order = await place();
      await pay(h, order.id);
      if (status !== ORDER_STATUS.toShip) await markShipped(server.database.db, order.orderNo, null);
      if (status === ORDER_STATUS.completed)
        await api.call(h, 'PATCH', `/api/sale/order/confirm/receipt/${order.id}`);
      inStatus[status] = order;
    }

    let refusals = 0;
    for (const [status, order] of Object.entries(inStatus)) {
      expect((await api.detail(h, order.id)).body.data.status).toBe(status);
      for (const [change, [method, path, message]] of Object.entries(REFUSED)) {
        if (allowed(change as MemberChange, status)) continue;
        const res = await api.call(h, method, `/api/sale/order/${path}/${order.id}`);
        expect(res.body, `${change} from ${status}`).toEqual({
          success: false,
          code: 409,
          message,
          data: null,
          reason: 'conflict',
        });
        refusals++;
      }
      if (!mayTransition('ship', status, 'operator')) {
        await expect(markShipped(server.database.db, order.orderNo, null)).rejects.toMatchObject({
          status: 409,
          message: expect.stringMatching(
            new RegExp(`^Order ${order.orderNo} is not waiting to be shipped: `),
          ),
        });
        refusals++;
      }
      expect((await api.detail(h, order.id)).body.data.status, `${status} unchanged`).toBe(status);
    }
    // pending: confirm, delete, ship; toShip: cancel, confirm, delete, pay; shipped: cancel, delete,
    // pay, ship; completed: cancel, confirm, pay, ship; cancelled: cancel, confirm, pay, ship.
    expect(refusals).toBe(19);
  });

  it('a gateway success for an order no longer waiting for payment leaves its status as it is', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const start = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    const reference = start.body.data.redirectUrl.split('/').at(-1)!;
    await api.call(h, 'PATCH', `/api/sale/order/cancel/${order.id}`);
    expect(mayTransition('pay', ORDER_STATUS.cancelled, 'gateway')).toBe(false);
    expect((await callback({ reference, status: 'succeeded', last4: '4242' })).status).toBe(200);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail).toMatchObject({ status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.refunding });
  });
});

describe(`the operator's ship call (${testDbKind})`, () => {
  it('marks a paid order shipped for an owner or orders operator only, and records it in the audit log', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const orders = await signInOperator(server, 'orders');
    const ship = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/orders/ship',
        headers,
        payload: { orderNo: order.orderNo, trackingNo: 'NZ42' },
      });
    // Not paid yet.
    expect((await ship(orders.headers)).statusCode).toBe(409);
    await pay(h, order.id);
    expect((await ship({})).statusCode).toBe(401);
    // A member's token is not an operator's; another role is refused.
    expect((await ship({ authorization: h.authorization! })).statusCode).toBe(401);
    expect((await ship((await signInOperator(server, 'support')).headers)).statusCode).toBe(403);
    expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.toShip);
    const shipped = await ship(orders.headers);
    expect(shipped.statusCode).toBe(200);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail).toMatchObject({ status: ORDER_STATUS.shipped, trackingNo: 'NZ42' });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'shipped', note: 'Tracking number NZ42' });
    const owner = await signInOperator(server, 'owner');
    const audit = await server.call<{
      records: { operatorName: string; action: string; subject: string; after: unknown }[];
    }>({
      url: '/api/admin/audit',
      headers: owner.headers,
    });
    expect(audit.body.data.records.find((e) => e.subject === `order ${order.orderNo}`)).toMatchObject({
      operatorName: orders.name,
      action: 'order.ship',
      after: { status: 'shipped', trackingNo: 'NZ42' },
    });
  });
});

describe(`paying an order through the sandbox gateway (${testDbKind})`, () => {
  it('pays with the success card: the order waits to ship and the payment shows the card', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const salesOf = async () =>
      (
        (await server.database.db.execute(
          sql`select g.sales from goods g join sku s on s.goods_id = g.id where s.id = ${fx.skus.kete}`,
        )) as unknown as { rows: { sales: number }[] }
      ).rows[0]!.sales;
    const salesBefore = await salesOf();
    const { res } = await pay(h, order.id);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pages/order/pay/notice?orderId=${order.id}`);
    // A paid unit counts as sold on its good.
    expect(await salesOf()).toBe(salesBefore + 1);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail).toMatchObject({
      status: ORDER_STATUS.toShip,
      payStatus: PAY_STATUS.paid,
      payDeadline: null,
    });
    // 33.33 + 8.90 shipping.
    expect(detail.payments).toMatchObject([
      { provider: 'sandbox', status: 'succeeded', amount: 42.23, cardLast4: '4242' },
    ]);
  });

  it('runs without HTTP: on plain inputs, the gateway shows the card page and sends a signed result', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const start = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    const reference = start.body.data.redirectUrl.split('/').at(-1)!;
    const sent: Record<string, string>[] = [];
    const gateway = createSandboxGateway({
      db: server.database.db,
      brand: 'Back office',
      secret: PAYMENT_SECRET,
      waitMs: 0,
      deliver: async (query) => void sent.push(query),
      deliveryFailed: (err) => {
        throw err;
      },
    });
    const shown = await gateway.show(reference);
    expect(shown).toMatchObject({ status: 200 });
    expect('page' in shown && shown.page).toContain(order.orderNo);
    expect(await gateway.show('pay_nonesuch')).toMatchObject({ status: 404 });
    expect(
      await gateway.pay(reference, { card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
    ).toEqual({
      redirect: `/pages/order/pay/notice?orderId=${order.id}`,
    });
    expect(sent).toEqual([
      {
        reference,
        status: 'succeeded',
        amount: String(await amountOf(reference)),
        currency: 'NZD',
        last4: '4242',
        ts: expect.any(String),
        signature: expect.any(String),
      },
    ]);
    const [q] = sent;
    expect(
      signatureValid(
        PAYMENT_SECRET,
        {
          reference,
          status: 'succeeded',
          cardLast4: '4242',
          amountCents: await amountOf(reference),
          currency: 'NZD',
        },
        q!.ts!,
        q!.signature!,
      ),
    ).toBe(true);
    // Nothing reached the shop: the order still waits for its payment.
    expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.pendingPayment);
  });

  it('keeps the order waiting after a declined card, and a later attempt can pay it', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    await pay(h, order.id, '4000000000000002');
    let detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments.map((p) => p.status)).toEqual(['declined']);
    expect(detail.timeline.map((e) => e.kind)).toContain('payment_declined');
    await pay(h, order.id);
    detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.toShip);
    expect(detail.payments.map((p) => p.status)).toEqual(['declined', 'succeeded']);
  });

  it('waits for the bank with the waiting card, then the result arrives by itself', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const { res } = await pay(h, order.id, '4000 0000 0000 3220');
    expect(res.statusCode).toBe(303);
    // Still waiting: the bank answers SANDBOX_PAYMENT_WAIT_MS (1 s, ORDER_TEST_ENV) after paying.
    expect((await api.detail(h, order.id)).body.data.payments[0]!.status).toBe('pending');
    await vi.waitFor(
      async () => expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.toShip),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
  });

  it('refuses an unknown card on the card page without touching the payment', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const { res } = await pay(h, order.id, '1234123412341234');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Use one of the test cards below.');
    expect((await api.detail(h, order.id)).body.data.payments.map((p) => p.status)).toEqual(['pending']);
  });

  it('ignores a callback with a wrong signature and applies a replayed one only once', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const start = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    const reference = start.body.data.redirectUrl.split('/').at(-1)!;

    const forged = await callback(
      { reference, status: 'succeeded', last4: '4242' },
      'another-secret-of-at-least-32-chars!!',
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^signature: /);
    // Tampering with a signed field breaks the signature too.
    const ts = String(Date.now());
    const money = { amountCents: await amountOf(reference), currency: 'NZD' };
    const declinedSig = signResult(
      PAYMENT_SECRET,
      { reference, status: 'declined', cardLast4: null, ...money },
      ts,
    );
    const tampered = await server.call({
      url: '/api/sale/order/pay/callback',
      query: {
        reference,
        status: 'succeeded',
        amount: String(money.amountCents),
        currency: 'NZD',
        ts,
        signature: declinedSig,
      },
    });
    expect(tampered.status).toBe(400);
    expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.pendingPayment);

    const first = await callback({ reference, status: 'succeeded', last4: '4242' });
    expect(first.body.data.result).toBe('applied');
    const replay = await callback({ reference, status: 'succeeded', last4: '4242' });
    expect(replay.body.data.result).toBe('already');
    // A contradicting replay does not undo it either.
    expect((await callback({ reference, status: 'declined' })).body.data.result).toBe('already');
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.toShip);
    expect(detail.timeline.filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it('keeps an order paid when a second attempt also succeeds, and marks only that payment for refund', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    // The waiting card's answer is still to come when the member pays again with another card.
    const first = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    const slow = first.body.data.redirectUrl.split('/').at(-1)!;
    await pay(h, order.id);
    expect((await callback({ reference: slow, status: 'succeeded', last4: '3220' })).body.data.result).toBe(
      'applied',
    );
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail).toMatchObject({ status: ORDER_STATUS.toShip, payStatus: PAY_STATUS.paid });
    expect(detail.payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(detail.timeline.at(-1)!.note).toMatch(/already paid: this second payment is to be refunded/);
  });

  it('keeps a payment that arrives after the order closed, marked for refund', async () => {
    const { h, address, ids } = await shopper([[fx.skus.kete, 1]]);
    const order = (await api.submit(h, { cartItemIds: ids, addressId: address.id })).body.data;
    const start = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
    const reference = start.body.data.redirectUrl.split('/').at(-1)!;
    await api.call(h, 'PATCH', `/api/sale/order/cancel/${order.id}`);
    expect((await callback({ reference, status: 'succeeded', last4: '4242' })).body.data.result).toBe(
      'applied',
    );
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.payStatus).toBe(PAY_STATUS.refunding);
    expect(detail.timeline.at(-1)!.note).toMatch(/refunded/);
  });
});
