import { randomUUID } from 'node:crypto';
import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderDetail, OrderSummary } from '@mall/shared/contract/order';
import type { OrderQuote } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { buildInvoicePdf } from '../src/modules/order/invoice.ts';
import { closeExpiredOrders, completeShippedOrders, markShipped } from '../src/modules/order/service.ts';
import { checkoutWallet } from '../src/modules/wallet/checkout-wallet.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { insertFixtureCategories, supplierIdOf } from './catalogue-fixtures.ts';
import { giveCard, giveDiscount, givePoints, memberIdOf, walletOf } from './checkout-wallet-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, ORDER_TEST_ENV, orderFixtures, stockNow } from './order-helpers.ts';

/**
 * Money in orders (docs/wallet.md: the rules of the wallet; docs/orders.md): the quote and the
 * submit with a discount, points and cash card money, every rule re-checked by the server, the
 * wallet spent on its ledgers with the order, and given back by a cancel, the sweeper or the
 * operator's refund.
 */

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
let cats: Awaited<ReturnType<typeof insertFixtureCategories>>;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
  api = caller(server);
  fx = await orderFixtures(server, 'Wallet');
  [cats] = (await rowsOf<{ topId: number }>(
    db(),
    sql`select c1.id as "topId", c2.id as "subId", c3.id as "thirdId" from goods g
        join category c3 on c3.id = g.category_id join category c2 on c2.id = c3.parent_id
        join category c1 on c1.id = c2.parent_id
        join sku s on s.goods_id = g.id where s.id = ${fx.skus.kete}`,
  )) as unknown as [typeof cats];
});
afterAll(() => server.close());

/** A fresh retail member with an Auckland address, kete x3 and honey x2 in the cart (goods $139.97). */
const shopper = async (lines: [number, number][] = []) => {
  const signed = await registerMember(server, 'retail');
  const h = bearer(signed);
  const memberId = await memberIdOf(db(), signed.member.userAccount);
  const address = await api.address(h);
  const ids: number[] = [];
  for (const [sku, n] of lines.length
    ? lines
    : ([
        [fx.skus.kete, 3],
        [fx.skus.honey, 2],
      ] as [number, number][]))
    ids.push((await api.add(h, sku, n)).id);
  return { h, memberId, address, ids };
};

const quote = (h: Record<string, string>, body: Record<string, unknown>) =>
  server.call<OrderQuote>({ method: 'POST', url: '/api/sale/order/quote', headers: h, payload: body });
const submit = (h: Record<string, string>, body: Record<string, unknown>, key = randomUUID()) =>
  server.call<OrderSummary>({
    method: 'POST',
    url: '/api/sale/order/submit',
    headers: { ...h, 'idempotency-key': key },
    payload: body,
  });
const detail = async (h: Record<string, string>, id: number) => (await api.detail(h, id)).body.data;
const refund = async (orderNo: string) =>
  server.call<{ gatewayCents: number; cardCents: number; shortfallCents: number }>({
    method: 'POST',
    url: '/api/admin/orders/refund',
    headers: (await signInOperator(server, 'orders')).headers,
    payload: { orderNo },
  });

/** Everything a refused submit must leave as it was. */
const snapshot = async (s: Awaited<ReturnType<typeof shopper>>) => ({
  wallet: await walletOf(db(), s.memberId),
  cart: (await api.cart(s.h)).map((i) => [i.id, i.count]),
  kete: await stockNow(server, fx.skus.kete, fx.org),
  honey: await stockNow(server, fx.skus.honey, fx.org),
  orders: (
    await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sale_order where member_id = ${s.memberId}`,
    )
  )[0]!.n,
});

describe(`checkout with the wallet (${testDbKind})`, () => {
  /** The reasons of the card ledger's rows for `orderId`, oldest first. */
  const cardReasons = async (orderId: number) =>
    (
      await rowsOf<{ reason: string }>(
        db(),
        sql`select reason from cash_card_entry where order_id = ${orderId} order by id`,
      )
    ).map((r) => r.reason);

  it('quotes and places an order with a supplier-scoped discount, points and card money, exact to the cent', async () => {
    const s = await shopper();
    const pbc = await supplierIdOf(db(), 'PBC');
    const discountId = await giveDiscount(db(), s.memberId, {
      kind: 'percent',
      percentOff: 10,
      supplierId: pbc,
    });
    await givePoints(db(), s.memberId, 5000);
    const card = await giveCard(db(), s.memberId, 5000);
    const body = { cartItemIds: s.ids, addressId: s.address.id, discountId, points: 1000, cardAmount: 30 };

    const q = await quote(s.h, body);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    // Goods 99.99 + 39.98; 10% of the honey (39.98) is 4.00; free shipping from 99 after it;
    // points: 20% of 135.97 = 2719 at most; 1000 points = 10.00; total 125.97, GST 3/23 = 16.43.
    expect(q.body.data).toMatchObject({
      goodsAmount: 139.97,
      discountAmount: 4,
      shippingFee: 0,
      pointsUsed: 1000,
      pointsAmount: 10,
      totalAmount: 125.97,
      gstAmount: 16.43,
      cardAmount: 30,
      payAmount: 95.97,
      pointsEarned: 125,
      discountRefusal: null,
      pointsBalance: 5000,
      pointsMax: 2719,
      pointValue: 0.01,
      cardBalance: 50,
      minimum: null,
      missing: 0,
    });
    expect(q.body.data.discounts.map((d) => [d.id, d.state])).toEqual([[discountId, 'usable']]);
    // The quote changes nothing.
    expect((await walletOf(db(), s.memberId)).points).toBe(5000);

    const placed = await submit(s.h, body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data;
    expect(order).toMatchObject({
      status: ORDER_STATUS.pendingPayment,
      kind: 'goods',
      totalAmount: 125.97,
      payAmount: 95.97,
      cardAmount: 30,
      discountAmount: 4,
      pointsAmount: 10,
      gstAmount: 16.43,
    });
    // The discount on the honey only; the points spread by the largest remainder (735 + 265).
    const byName = Object.fromEntries(order.lines.map((l) => [l.name, l]));
    expect(byName['Wallet Honey']).toMatchObject({ amount: 39.98, discountAmount: 4, pointsAmount: 2.65 });
    expect(byName['Wallet Flax Kete']).toMatchObject({
      amount: 99.99,
      discountAmount: 0,
      pointsAmount: 7.35,
    });
    expect(await detail(s.h, order.id)).toMatchObject(order);

    const w = await walletOf(db(), s.memberId);
    expect(w.points).toBe(4000);
    expect(w.pointsSum).toBe(4000);
    expect(w.cards).toEqual([{ id: card.id, balance: 2000, sum: 2000 }]);
    expect(w.discounts).toEqual([{ id: discountId, orderId: order.id }]);

    // The gateway is asked for the rest only.
    const paid = await api.pay(s.h, order.id);
    expect(paid.page).toContain('$95.97');
    const d = await detail(s.h, order.id);
    expect(d.status).toBe(ORDER_STATUS.toShip);
    expect(d.payments.map((p) => [p.status, p.amount])).toEqual([['succeeded', 95.97]]);

    // The tax invoice: the discount and points lower the price and its GST; the card is a payment.
    const pdf = await buildInvoicePdf(
      { order: d, paidAt: new Date(), seller: server.config.seller, brand: 'Kauri Mall' },
      { compress: false },
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('-$4.00');
    expect(text).toContain('Points (1000 points)');
    expect(text).toContain('-$10.00');
    expect(text).toContain('$125.97');
    expect(text).toContain('Total includes GST of $16.43');
    expect(text).toContain('Paid with cash cards: $30.00');
    expect(text).toContain('Paid by card: $95.97');

    // The supplier sheet: each line's share of the discount, and the amount after it.
    const sheet = await server.app.inject({
      method: 'GET',
      url: `/api/sale/order/detail/supplier/export/${order.id}`,
      headers: s.h,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const honey = book.getWorksheet('PBC')!.getRow(2);
    expect([honey.getCell(8).value, honey.getCell(9).value, honey.getCell(10).value]).toEqual([
      39.98, 4, 35.98,
    ]);
    const kete = book.getWorksheet('AHL')!.getRow(2);
    expect([kete.getCell(8).value, kete.getCell(9).value, kete.getCell(10).value]).toEqual([99.99, 0, 99.99]);
  });

  it('applies a category-scoped discount to the goods under the category, and refuses one with nothing in scope', async () => {
    const s = await shopper();
    const inScope = await giveDiscount(db(), s.memberId, {
      kind: 'amount',
      amountOffCents: 1500,
      categoryId: cats.topId,
    });
    const other = await insertFixtureCategories(db(), 'Elsewhere');
    const outOfScope = await giveDiscount(db(), s.memberId, {
      kind: 'percent',
      percentOff: 50,
      categoryId: other.topId,
    });

    const q = await quote(s.h, { cartItemIds: s.ids, addressId: s.address.id, discountId: inScope });
    expect(q.body.data).toMatchObject({ discountAmount: 15, totalAmount: 124.97, discountRefusal: null });

    const refusedQuote = await quote(s.h, {
      cartItemIds: s.ids,
      addressId: s.address.id,
      discountId: outOfScope,
    });
    expect(refusedQuote.body.data).toMatchObject({
      discountAmount: 0,
      totalAmount: 139.97,
      discountRefusal: 'None of the goods in this order are covered by this discount.',
    });
    const before = await snapshot(s);
    const refused = await submit(s.h, {
      cartItemIds: s.ids,
      addressId: s.address.id,
      discountId: outOfScope,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'discountId: None of the goods in this order are covered by this discount.',
    );
    expect(await snapshot(s)).toEqual(before);

    const placed = await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id, discountId: inScope });
    expect(placed.body.data).toMatchObject({ discountAmount: 15, totalAmount: 124.97, gstAmount: 16.3 });
  });

  it('measures the minimum spend on the eligible goods before the discount', async () => {
    const s = await shopper();
    const pbc = await supplierIdOf(db(), 'PBC');
    const id = await giveDiscount(db(), s.memberId, {
      kind: 'amount',
      amountOffCents: 500,
      minSpendCents: 5000,
      supplierId: pbc,
    });
    const q = await quote(s.h, { cartItemIds: s.ids, addressId: s.address.id, discountId: id });
    expect(q.body.data.discountRefusal).toBe(
      'This discount needs at least $50.00 of eligible goods; this order has $39.98.',
    );
    const before = await snapshot(s);
    const res = await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id, discountId: id });
    expect(res.status).toBe(409);
    expect(await snapshot(s)).toEqual(before);
  });

  it('refuses points above their share, and card money above the balance or the total, changing nothing', async () => {
    const s = await shopper();
    await givePoints(db(), s.memberId, 5000);
    await giveCard(db(), s.memberId, 5000);
    const base = { cartItemIds: s.ids, addressId: s.address.id };
    const before = await snapshot(s);
    const tooManyPoints = await submit(s.h, { ...base, points: 2800 });
    expect(tooManyPoints.status).toBe(409);
    expect(tooManyPoints.body.message).toBe('points: You can use at most 2799 points on this order.');
    const overBalance = await submit(s.h, { ...base, cardAmount: 50.01 });
    expect(overBalance.status).toBe(409);
    expect(overBalance.body.message).toBe('cardAmount: Your usable cash cards hold only $50.00.');
    const overTotal = await submit(s.h, { ...base, cardAmount: 140 });
    expect(overTotal.status).toBe(409);
    expect(overTotal.body.message).toBe(
      "cardAmount: The card money is more than the order's total of $139.97.",
    );
    expect(await snapshot(s)).toEqual(before);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const s = await shopper();
    const stranger = await shopper([[fx.skus.bulk, 1]]);
    const theirs = await giveDiscount(db(), stranger.memberId, { kind: 'percent', percentOff: 50 });
    await giveCard(db(), stranger.memberId, 100_000);
    await givePoints(db(), s.memberId, 100);
    const base = { cartItemIds: s.ids, addressId: s.address.id };
    const before = await snapshot(s);
    const strangerBefore = await walletOf(db(), stranger.memberId);
    const cases: [Record<string, unknown>, number][] = [
      [{ discountId: theirs }, 404],
      [{ discountId: 99_999_999 }, 404],
      [{ discountId: '99999999999999999999' }, 400],
      [{ discountId: -1 }, 400],
      [{ points: -1 }, 400],
      [{ points: 1.5 }, 400],
      [{ points: 1e20 }, 400],
      [{ points: '10' }, 400],
      [{ cardAmount: -1 }, 400],
      [{ cardAmount: 0.001 }, 400],
      [{ cardAmount: 1e20 }, 400],
      [{ cardAmount: '5' }, 400],
      // Card money the member's own cards do not hold (the stranger's card is not theirs to spend).
      [{ cardAmount: 10 }, 409],
      [{ remark: 'a\u0000b' }, 400],
    ];
    for (const [extra, status] of cases) {
      const res = await submit(s.h, { ...base, ...extra });
      expect([JSON.stringify(extra), res.status]).toEqual([JSON.stringify(extra), status]);
      expect(res.body.success).toBe(false);
      const q = await quote(s.h, { ...base, ...extra });
      if (status === 400 || status === 404) expect(q.status).toBe(status);
    }
    expect(await snapshot(s)).toEqual(before);
    expect(await walletOf(db(), stranger.memberId)).toEqual(strangerBefore);
  });

  it('spends the wallet once for a resubmitted order, however often and however concurrently', async () => {
    const s = await shopper();
    await givePoints(db(), s.memberId, 3000);
    await giveCard(db(), s.memberId, 4000);
    const discountId = await giveDiscount(db(), s.memberId, { kind: 'amount', amountOffCents: 100 });
    const body = { cartItemIds: s.ids, addressId: s.address.id, discountId, points: 500, cardAmount: 20 };
    const key = randomUUID();
    const answers = await Promise.all([
      submit(s.h, body, key),
      submit(s.h, body, key),
      submit(s.h, body, key),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const again = await submit(s.h, body, key);
    expect(again.body.data.id).toBe(answers[0]!.body.data.id);
    const w = await walletOf(db(), s.memberId);
    expect(w.points).toBe(2500);
    expect(w.cards.map((c) => c.balance)).toEqual([2000]);
  });

  it('pays an order wholly from cash cards at once, with no gateway', async () => {
    const s = await shopper([[fx.skus.kete, 3]]);
    const soon = await giveCard(db(), s.memberId, 3000, 400);
    const later = await giveCard(db(), s.memberId, 10_000);
    const res = await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id, cardAmount: 99.99 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: ORDER_STATUS.toShip,
      payStatus: PAY_STATUS.paid,
      totalAmount: 99.99,
      cardAmount: 99.99,
      payAmount: 0,
      gstAmount: 13.04,
    });
    // The card that expires first is spent first.
    const w = await walletOf(db(), s.memberId);
    expect(w.cards).toEqual([
      { id: soon.id, balance: 0, sum: 0 },
      { id: later.id, balance: 3001, sum: 3001 },
    ]);
    const start = await api.call(s.h, 'GET', `/api/sale/order/continue/payment/${res.body.data.id}`);
    expect(start.status).toBe(409);
    const d = await detail(s.h, res.body.data.id);
    expect(d.timeline.map((e) => [e.kind, e.note])).toEqual([
      ['placed', ''],
      ['paid', 'Paid with cash cards'],
    ]);
    // The submission's answer is the order as its page shows it after (paid, no deadline).
    expect(d).toMatchObject(res.body.data);
    expect(res.body.data.payDeadline).toBeNull();
  });

  it('gives back card money, points and the discount when the member cancels, or the order expires', async () => {
    for (const how of ['cancel', 'expire'] as const) {
      const s = await shopper();
      await givePoints(db(), s.memberId, 2000);
      const card = await giveCard(db(), s.memberId, 2500);
      const discountId = await giveDiscount(db(), s.memberId, { kind: 'percent', percentOff: 5 });
      const before = await snapshot(s);
      const order = (
        await submit(s.h, {
          cartItemIds: s.ids,
          addressId: s.address.id,
          discountId,
          points: 700,
          cardAmount: 25,
        })
      ).body.data;
      expect((await walletOf(db(), s.memberId)).points).toBe(1300);
      if (how === 'cancel') {
        expect((await api.call(s.h, 'PATCH', `/api/sale/order/cancel/${order.id}`)).status).toBe(200);
      } else {
        await db().execute(
          sql`update sale_order set pay_deadline = now() - interval '1 second' where id = ${order.id}`,
        );
        expect(await closeExpiredOrders(db(), checkoutWallet)).toBeGreaterThanOrEqual(1);
      }
      const after = await snapshot(s);
      expect(after.wallet).toEqual(before.wallet);
      expect([after.kete, after.honey]).toEqual([before.kete, before.honey]);
      const d = await detail(s.h, order.id);
      expect(d.status).toBe(ORDER_STATUS.cancelled);
      expect(d.refunds.map((r) => [r.to, r.amount, r.points, r.cardNoLast4])).toEqual([
        ['cashCard', 25, 0, card.last4],
        ['points', 0, 700, null],
      ]);
      // The discount is usable again.
      expect((await walletOf(db(), s.memberId)).discounts).toEqual([{ id: discountId, orderId: null }]);
      // The card's ledger says why the money came back: the order closed unpaid.
      expect(await cardReasons(order.id)).toEqual(['spent', 'cancelled']);
    }
  });

  it('credits earned points when the member confirms receipt, or by itself days after shipping', async () => {
    const s = await shopper([[fx.skus.kete, 3]]);
    const a = (await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id })).body.data;
    expect(a.pointsEarned).toBe(99);
    await api.pay(s.h, a.id);
    await markShipped(db(), a.orderNo, null);
    expect((await walletOf(db(), s.memberId)).points).toBe(0);
    expect((await api.call(s.h, 'PATCH', `/api/sale/order/confirm/receipt/${a.id}`)).status).toBe(200);
    expect((await walletOf(db(), s.memberId)).points).toBe(99);

    const ids = [(await api.add(s.h, fx.skus.honey, 1)).id];
    const b = (await submit(s.h, { cartItemIds: ids, addressId: s.address.id })).body.data;
    await api.pay(s.h, b.id);
    await markShipped(db(), b.orderNo, null);
    const days = server.config.orderAutoCompleteDays;
    await db().execute(
      sql`update sale_order set shipped_at = now() - make_interval(days => ${days - 1}) where id = ${b.id}`,
    );
    await completeShippedOrders(db(), checkoutWallet, days);
    expect((await detail(s.h, b.id)).status).toBe(ORDER_STATUS.shipped);
    await db().execute(
      sql`update sale_order set shipped_at = now() - make_interval(days => ${days}, secs => 1) where id = ${b.id}`,
    );
    await Promise.all([
      completeShippedOrders(db(), checkoutWallet, days),
      completeShippedOrders(db(), checkoutWallet, days),
    ]);
    const d = await detail(s.h, b.id);
    expect(d.status).toBe(ORDER_STATUS.completed);
    expect(d.timeline.at(-1)?.note).toBe(`Completed by itself ${days} days after shipping`);
    // 99 + 19 (goods 19.99: shipping is not earned on), credited once.
    expect((await walletOf(db(), s.memberId)).points).toBe(99 + 19);
  });

  it('refunds a paid order by the operator: gateway, cards, points, discount back, earned points taken back', async () => {
    const s = await shopper();
    await givePoints(db(), s.memberId, 1000);
    const card = await giveCard(db(), s.memberId, 2000);
    const discountId = await giveDiscount(db(), s.memberId, { kind: 'amount', amountOffCents: 997 });
    // Goods 139.97 - 9.97 = 130.00; 1000 points = 10.00; total 120.00; card 20.00; gateway 100.00.
    const order = (
      await submit(s.h, {
        cartItemIds: s.ids,
        addressId: s.address.id,
        discountId,
        points: 1000,
        cardAmount: 20,
      })
    ).body.data;
    expect(order).toMatchObject({ totalAmount: 120, payAmount: 100, pointsEarned: 120 });
    await api.pay(s.h, order.id);
    await markShipped(db(), order.orderNo, null);
    await api.call(s.h, 'PATCH', `/api/sale/order/confirm/receipt/${order.id}`);
    expect((await walletOf(db(), s.memberId)).points).toBe(120);
    // The member spends 50 of the earned points elsewhere: 50 cannot be taken back as points.
    await givePoints(db(), s.memberId, -50);

    const support = (await signInOperator(server, 'support')).headers;
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/admin/orders/refund',
          headers: support,
          payload: { orderNo: order.orderNo },
        })
      ).status,
    ).toBe(403);
    const res = await refund(order.orderNo);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Points back: 1000; taken back: 120 of 1070; none short: the 50 spent come from the refunded 1000.
    expect(res.body.data).toMatchObject({ gatewayCents: 10_000, cardCents: 2000, shortfallCents: 0 });
    const w = await walletOf(db(), s.memberId);
    expect(w.points).toBe(70 + 1000 - 120);
    expect(w.pointsSum).toBe(w.points);
    expect(w.cards).toEqual([{ id: card.id, balance: 2000, sum: 2000 }]);
    expect(w.discounts).toEqual([{ id: discountId, orderId: null }]);
    const d = await detail(s.h, order.id);
    expect([d.status, d.payStatus]).toEqual([ORDER_STATUS.cancelled, PAY_STATUS.refunded]);
    expect(d.refunds.map((r) => [r.to, r.amount, r.points, r.cardNoLast4])).toEqual([
      ['gateway', 100, 0, null],
      ['cashCard', 20, 0, card.last4],
      ['points', 0, 1000, null],
      ['pointsTakenBack', 0, 120, null],
    ]);
    const [pr] = await rowsOf<{ amount_cents: number; status: string }>(
      db(),
      sql`select r.amount_cents, r.status from payment_refund r join payment p on p.id = r.payment_id where p.order_id = ${order.id}`,
    );
    expect(pr).toEqual({ amount_cents: 10_000, status: 'succeeded' });
    expect(await cardReasons(order.id)).toEqual(['spent', 'refund']);
    // Twice is refused, and changes nothing.
    expect((await refund(order.orderNo)).status).toBe(409);
    expect(await walletOf(db(), s.memberId)).toEqual(w);
  });

  it('charges earned points already spent against the refund, at their value', async () => {
    const s = await shopper([[fx.skus.kete, 3]]);
    const order = (await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id })).body.data;
    await api.pay(s.h, order.id);
    await markShipped(db(), order.orderNo, null);
    await api.call(s.h, 'PATCH', `/api/sale/order/confirm/receipt/${order.id}`);
    expect((await walletOf(db(), s.memberId)).points).toBe(99);
    await givePoints(db(), s.memberId, -90);
    const res = await refund(order.orderNo);
    // 9 of the 99 earned points are taken back; 90 were spent: 90 x 1 cent off the gateway's 99.99.
    expect(res.body.data).toMatchObject({ gatewayCents: 9909, cardCents: 0, shortfallCents: 90 });
    expect((await walletOf(db(), s.memberId)).points).toBe(0);
    const d = await detail(s.h, order.id);
    expect(d.refunds.map((r) => [r.to, r.amount, r.points])).toEqual([
      ['gateway', 99.09, 0],
      ['pointsTakenBack', 0.9, 9],
    ]);
  });

  it('refuses to refund an order not paid, with the member cancelling it instead', async () => {
    const s = await shopper([[fx.skus.honey, 1]]);
    const order = (await submit(s.h, { cartItemIds: s.ids, addressId: s.address.id })).body.data;
    const res = await refund(order.orderNo);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Order ${order.orderNo} is not paid: the member cancels it, or it closes by itself.`,
    );
    expect((await refund('KM000000000')).status).toBe(404);
    // A refund of a paid order not yet shipped gives its units back.
    const before = await stockNow(server, fx.skus.honey, fx.org);
    await api.pay(s.h, order.id);
    expect((await refund(order.orderNo)).status).toBe(200);
    expect(await stockNow(server, fx.skus.honey, fx.org)).toBe(before + 1);
  });
});

export type { OrderDetail };
