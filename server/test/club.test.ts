import { ENUM, ORDER_STATUS, PAY_STATUS, VIP_LEVEL } from '@mall/shared/codes';
import type { CartItem } from '@mall/shared/contract/cart';
import { goodsDetailSchema, goodsSearchResultSchema } from '@mall/shared/contract/catalogue';
import type { OrderDetail, OrderPage, PaymentStart } from '@mall/shared/contract/order';
import { type ClubPlan, type ClubStatus, WALLET_CALLS } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { savingWords } from '../src/modules/club/service.ts';
import { DEMO_PASSWORD, DEMO_RETAIL, DEMO_WHOLESALE } from '../src/modules/customer/seed.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, countRows, login, registerMember } from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { ORDER_TEST_ENV } from './order-helpers.ts';

let server: TestServer;
/** A good whose one SKU is $20.00 retail and $18.00 for club members. */
let good: { id: number; skuId: number; name: string };
let plans: ClubPlan[];

const api = (path: string) => `/api${path}`;
const payUrl = (id: number | string) => api(WALLET_CALLS.clubPay.replace(':id', String(id)));

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Club');
  const [g] = await insertFixtureGoods(db, cats.thirdId, [
    { name: 'Clubtest Kauri Bowl', supplier: 'AHL', skus: [{ retail: 2000, wholesale: 1500, club: 1800 }] },
  ]);
  good = { id: g!.id, skuId: g!.skuIds[0]!, name: 'Clubtest Kauri Bowl' };
  await setStock(db, good.skuId, (await resolveStockOrganisationId(db, null))!, 100);
  const res = await server.call<ClubPlan[]>(api(WALLET_CALLS.clubPlans));
  expect(res.status).toBe(200);
  plans = res.body.data;
});
afterAll(() => server.close());

const retail = async () => {
  const signedIn = await registerMember(server, 'retail');
  return { h: bearer(signedIn), id: signedIn.member.id };
};
const plan = (months: number) => plans.find((p) => p.months === months)!;

const startPay = (h: Record<string, string>, planId: number | string) =>
  server.call<PaymentStart>({ url: payUrl(planId), headers: h });

/** Pays on the sandbox gateway's card page with the success card; the gateway calls back before it answers. */
const payOnGateway = async (redirectUrl: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'card=4242424242424242&expiry=12%2F30&cvc=123',
  });
  expect(res.statusCode).toBe(303);
};

const buy = async (h: Record<string, string>, planId: number) => {
  const start = await startPay(h, planId);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  await payOnGateway(start.body.data.redirectUrl);
  return start.body.data.orderId;
};

const status = async (h: Record<string, string>) => {
  const res = await server.call<ClubStatus>({ url: api(WALLET_CALLS.clubStatus), headers: h });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const detailPrice = async (h: Record<string, string>) => {
  const res = await server.call({ url: `/api/sale/good/detail/${good.id}`, headers: h });
  expect(res.status).toBe(200);
  return goodsDetailSchema.parse(res.body.data).skus[0]!.price;
};
const searchPrice = async (h: Record<string, string>) => {
  const res = await server.call({ url: '/api/org/sale/good/search?keyword=clubtest', headers: h });
  expect(res.status).toBe(200);
  return goodsSearchResultSchema.parse(res.body.data).records.find((g) => g.id === good.id)!.price;
};
const orderOf = async (h: Record<string, string>, id: number) => {
  const res = await server.call<OrderDetail>({ url: `/api/sale/order/app/detail/${id}`, headers: h });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const vipUntilOf = async (memberId: number) => {
  const res = (await server.database.db.execute(
    sql`select to_json(vip_until)#>>'{}' as until from member where id = ${memberId}`,
  )) as unknown as { rows: { until: string | null }[] };
  return res.rows[0]!.until === null ? null : new Date(res.rows[0]!.until);
};
/** `at` plus whole calendar months, as PostgreSQL adds them (the tests run in UTC). */
/**
 * `at` plus `months` calendar months as the shop adds them (PostgreSQL's month arithmetic, UTC):
 * a day the last month lacks becomes its last day, so 3 months from 29 November 2026 end on 28
 * February 2027, not on 1 March as `setUTCMonth` would have it.
 */
const plusMonths = (at: Date, months: number) => {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
};

describe(`club plans (${testDbKind})`, () => {
  it('lists the plans of the one club to anyone, with price and the saving in plain words', async () => {
    expect(plans.map((p) => [p.name, p.months, p.price])).toEqual([
      ['3 months', 3, 19],
      ['12 months', 12, 59],
    ]);
    for (const p of plans) {
      const m =
        /on average (\d+)% below retail prices \((\d+)% on a typical product\)\. The plan pays for itself once you buy \$([\d,]+)\.00 of goods at retail prices in its (\d+) months\./.exec(
          p.saving,
        );
      expect(m, p.saving).not.toBeNull();
      expect(Number(m![4])).toBe(p.months);
    }
  });

  it('words the saving from the catalogue: average, typical, and what a plan needs bought to pay for itself', () => {
    const saving = { skus: 100, average: 0.08, typical: 0.07 };
    expect(savingWords({ months: 3, priceCents: 1900 }, saving)).toBe(
      'Club prices are on average 8% below retail prices (7% on a typical product). The plan pays for itself once you buy $238.00 of goods at retail prices in its 3 months.',
    );
    expect(savingWords({ months: 12, priceCents: 5900 }, { ...saving, average: 0.1 })).toContain(
      'once you buy $590.00 of goods',
    );
    expect(savingWords({ months: 3, priceCents: 1900 }, { skus: 0, average: 0, typical: 0 })).toBe(
      'Club prices apply to every product as soon as you join.',
    );
  });

  it('names one club in the VIP level enumeration: no Silver, Gold or Platinum', async () => {
    const res =
      await server.call<{ code: string; children: { code: string; name: string }[] }[]>('/api/sys/enum/list');
    const vip = res.body.data.find((e) => e.code === ENUM.vipLevel)!;
    expect(vip.children.map((c) => [c.code, c.name])).toEqual([
      [VIP_LEVEL.none, 'Not a club member'],
      [VIP_LEVEL.club, 'Kauri Club member'],
    ]);
    expect(JSON.stringify(res.body.data)).not.toMatch(/Silver|Gold|Platinum/);
  });
});

describe(`joining the club (${testDbKind})`, () => {
  it('places a club order as its own kind, reuses it while unpaid, and refuses wholesale members', async () => {
    const { h } = await retail();
    const first = await startPay(h, plan(12).id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.redirectUrl).toMatch(/^\/sandbox-gateway\/pay\/pay_[0-9a-f]{24}$/);
    const order = await orderOf(h, first.body.data.orderId);
    expect(order).toMatchObject({
      kind: 'club',
      title: 'Kauri Club, 12 months',
      lines: [],
      itemCount: 0,
      goodsAmount: 59,
      shippingFee: 0,
      payAmount: 59,
      gstAmount: 7.7,
      status: ORDER_STATUS.pendingPayment,
    });
    expect(order.orderNo).toMatch(/^KM\d{6}\d+$/);

    // Paying again for the same plan pays the same order (a new payment attempt of it).
    const orders = await countRows(server, 'sale_order');
    const again = await startPay(h, plan(12).id);
    expect(again.status).toBe(200);
    expect(again.body.data.orderId).toBe(first.body.data.orderId);
    expect(again.body.data.redirectUrl).not.toBe(first.body.data.redirectUrl);
    expect(await countRows(server, 'sale_order')).toBe(orders);

    // My Order lists it in its place: a club order, no lines.
    const list = await server.call<OrderPage>({ url: '/api/sale/order/app/list', headers: h });
    expect(list.body.data.records).toEqual([
      expect.objectContaining({ id: order.id, kind: 'club', title: 'Kauri Club, 12 months', lines: [] }),
    ]);
    // Not yet a member.
    expect(await status(h)).toEqual({ vip: false, vipUntil: null, history: [] });

    const wholesale = await login(server, 'wholesale', DEMO_WHOLESALE.email, DEMO_PASSWORD);
    const memberships = await countRows(server, 'club_membership');
    const refused = await startPay(bearer(wholesale.body.data), plan(3).id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Kauri Club is for retail members. As a wholesale member you buy at wholesale prices on every product.',
    );
    expect(await countRows(server, 'sale_order')).toBe(orders);
    expect(await countRows(server, 'club_membership')).toBe(memberships);
  });

  it('makes the member a club member the moment the payment succeeds: club prices in the same session', async () => {
    const { h, id } = await retail();
    // Read once as retail, so the session is held in memory at the retail tier.
    expect(await detailPrice(h)).toBe(20);
    expect(await searchPrice(h)).toBe(20);
    const cartAdd = await server.call<CartItem[]>({
      method: 'POST',
      url: '/api/cart/app/add',
      headers: h,
      payload: { skuId: good.skuId, count: 1 },
    });
    expect(cartAdd.status, JSON.stringify(cartAdd.body)).toBe(200);
    expect(cartAdd.body.data.find((i) => i.skuId === good.skuId)!.price).toBe(20);

    const before = new Date();
    const orderId = await buy(h, plan(3).id);
    const after = new Date();

    // No new sign-in, no waiting: the next requests of this session are at the club price.
    expect(await detailPrice(h)).toBe(18);
    expect(await searchPrice(h)).toBe(18);
    const cart = await server.call<CartItem[]>({ url: '/api/cart/app', headers: h });
    expect(cart.body.data.find((i) => i.skuId === good.skuId)!.price).toBe(18);

    const until = (await vipUntilOf(id))!;
    expect(until.getTime()).toBeGreaterThanOrEqual(plusMonths(before, 3).getTime() - 1000);
    expect(until.getTime()).toBeLessThanOrEqual(plusMonths(after, 3).getTime() + 1000);
    const s = await status(h);
    expect(s.vip).toBe(true);
    expect(s.vipUntil).toBe(until.toISOString());
    expect(s.history).toEqual([
      expect.objectContaining({
        orderId,
        planName: '3 months',
        months: 3,
        price: 19,
        endsAt: until.toISOString(),
      }),
    ]);
    expect(s.history[0]!.orderNo).toBe((await orderOf(h, orderId)).orderNo);

    // The club order is complete (nothing to ship), paid, and says what it bought.
    const order = await orderOf(h, orderId);
    expect(order).toMatchObject({ status: ORDER_STATUS.completed, payStatus: PAY_STATUS.paid });
    expect(order.timeline.map((e) => e.kind)).toEqual(['placed', 'payment_started', 'paid', 'completed']);
    expect(order.timeline.at(-1)!.note).toMatch(
      /^Kauri Club membership from \d+ \w+ \d{4} to \d+ \w+ \d{4}$/,
    );

    // Its tax invoice has one line: the plan, GST 3/23 of it.
    const pdf = await server.app.inject({ url: `/api/sale/order/app/invoice/${orderId}`, headers: h });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Kauri Club, 3 months');
    expect(text).toContain('$19.00');
    expect(text).toContain('Total includes GST of $2.48');
    expect(text).not.toContain('Shipping');
  });

  it('extends a renewal from the end of the membership in force, and starts from now once it has ended', async () => {
    const { h, id } = await retail();
    await buy(h, plan(3).id);
    const firstEnd = (await vipUntilOf(id))!;
    await buy(h, plan(12).id);
    const secondEnd = (await vipUntilOf(id))!;
    expect(secondEnd.toISOString()).toBe(plusMonths(firstEnd, 12).toISOString());
    const s = await status(h);
    expect(s.history.map((r) => [r.planName, r.startsAt, r.endsAt])).toEqual([
      ['12 months', firstEnd.toISOString(), secondEnd.toISOString()],
      ['3 months', expect.any(String), firstEnd.toISOString()],
    ]);

    // Ended a day ago: the next plan starts at its payment.
    await server.database.db.execute(
      sql`update member set vip_until = now() - interval '1 day' where id = ${id}`,
    );
    const before = new Date();
    await buy(h, plan(3).id);
    const third = (await status(h)).history[0]!;
    expect(new Date(third.startsAt).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(third.endsAt).toBe(plusMonths(new Date(third.startsAt), 3).toISOString());
  });

  it('counts months as the calendar does: 3 months from 30 November end on the last day of February', async () => {
    const { h, id } = await retail();
    await buy(h, plan(3).id);
    await server.database.db.execute(
      sql`update member set vip_until = '2030-11-30T10:00:00Z' where id = ${id}`,
    );
    await buy(h, plan(3).id);
    expect((await vipUntilOf(id))!.toISOString()).toBe('2031-02-28T10:00:00.000Z');
    await buy(h, plan(12).id);
    expect((await vipUntilOf(id))!.toISOString()).toBe('2032-02-28T10:00:00.000Z');
  });

  it('ends at the minute: at vip_until the member pays retail prices again, in the same session', async () => {
    const { h, id } = await retail();
    await buy(h, plan(3).id);
    expect(await detailPrice(h)).toBe(18);
    // The membership ends in a moment (as if its months had passed): in 3 s, so that a busy
    // machine's pauses over the four calls before the first price cannot reach the end first.
    await server.database.db.execute(
      sql`update club_membership set ends_at = now() + interval '3000 milliseconds' where member_id = ${id}`,
    );
    await server.database.db.execute(
      sql`update member set vip_until = now() + interval '3000 milliseconds' where id = ${id}`,
    );
    const until = (await vipUntilOf(id))!;
    await vi.waitFor(async () => expect(await detailPrice(h)).toBe(18), { timeout: 2000, interval: 20 });
    // Held at the club price until the end, and retail from then on: the session is not kept past it.
    await vi.waitFor(async () => expect(await detailPrice(h)).toBe(20), { timeout: 10_000, interval: 50 });
    expect(Date.now()).toBeGreaterThanOrEqual(until.getTime());
    expect((await status(h)).vip).toBe(false);
  });

  it('has nothing to renew for a membership without an end (the demo member)', async () => {
    const demo = bearer((await login(server, 'retail', DEMO_RETAIL.email, DEMO_PASSWORD)).body.data);
    expect(await status(demo)).toEqual({ vip: true, vipUntil: null, history: [] });
    const res = await startPay(demo, plan(3).id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your club membership has no end date, so there is nothing to renew.');
  });

  it('answers bad plan ids with 4xx and changes nothing', async () => {
    const { h } = await retail();
    const orders = await countRows(server, 'sale_order');
    for (const bad of ['0', '-1', '12345678901234567890', 'abc', '1.5', '%00']) {
      const res = await startPay(h, bad);
      expect(res.status, `${bad}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const unknown = await startPay(h, 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('id: This club plan is not on sale.');
    // Not signed in.
    expect((await startPay({}, plan(3).id)).status).toBe(401);
    expect((await server.call({ url: api(WALLET_CALLS.clubStatus) })).status).toBe(401);
    expect(await countRows(server, 'sale_order')).toBe(orders);
  });

  it('refuses a plan taken off sale', async () => {
    const { h } = await retail();
    const [row] = (
      (await server.database.db.execute(
        sql`insert into club_plan (name, months, price_cents, on_sale) values ('Old plan', 6, 2900, false) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    expect((await startPay(h, row!.id)).status).toBe(404);
    expect(plans.map((p) => p.name)).not.toContain('Old plan');
  });

  it("keeps a member's club orders and history from other members", async () => {
    const a = await retail();
    const b = await retail();
    const orderId = await buy(a.h, plan(3).id);
    const other = await server.call({ url: `/api/sale/order/app/detail/${orderId}`, headers: b.h });
    expect(other.status).toBe(404);
    const otherPay = await server.call({ url: `/api/sale/order/continue/payment/${orderId}`, headers: b.h });
    expect(otherPay.status).toBe(404);
    expect(await status(b.h)).toEqual({ vip: false, vipUntil: null, history: [] });
    // B paying for the same plan gets an order of their own.
    const bStart = await startPay(b.h, plan(3).id);
    expect(bStart.body.data.orderId).not.toBe(orderId);
  });

  it('places one club order however many times the member asks at once', async () => {
    const { h, id } = await retail();
    const starts = await Promise.all(Array.from({ length: 6 }, () => startPay(h, plan(12).id)));
    expect(starts.map((s) => s.status)).toEqual(Array(6).fill(200));
    expect(new Set(starts.map((s) => s.body.data.orderId)).size).toBe(1);
    const res = (await server.database.db.execute(
      sql`select count(*)::int as n from club_membership where member_id = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(res.rows[0]!.n).toBe(1);
  });
});
