import {
  type Discount,
  discountPageSchema,
  discountSchema,
  WALLET_CALLS,
} from '@mall/shared/contract/wallet';
import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { insertMember } from '../src/modules/customer/service.ts';
import { claimCoupon } from '../src/modules/wallet/discounts.ts';
import { createCoupon, giveDiscountCard } from '../src/modules/wallet/issue.ts';
import { releaseDiscount, useDiscount } from '../src/modules/wallet/ledger.ts';
import { uniqueEmail, uniquePhone } from './account-helpers.ts';
import { fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';
import { bareOrder, getData, newMember, walletSnapshot } from './wallet-helpers.ts';

const CLAIM = `/api${WALLET_CALLS.couponClaim}`;
const COUPONS = `/api${WALLET_CALLS.coupons}`;
const CARDS = `/api${WALLET_CALLS.discountCards}`;
const CARDS_ALIAS = `/api${WALLET_CALLS.discountCardsAlias}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.database.db;
const claim = (headers: Record<string, string>, payload: unknown) =>
  server.call<Discount>({ method: 'POST', url: CLAIM, headers, payload: payload as object });
const code = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e8)}`;

describe(`coupons (${testDbKind})`, () => {
  it('claims a coupon by its code in any case, once per member, and lists it as usable', async () => {
    const c = await createCoupon(db(), { code: code('TEN'), percent: 10, min: 50, days: 30, limit: 100 });
    const m = await newMember(server);
    const res = await claim(m.headers, { code: ` ${c.code.toLowerCase()} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const claimed = envelopeOf(discountSchema).parse(res.body).data;
    expect(claimed).toMatchObject({
      source: 'coupon',
      code: c.code,
      state: 'usable',
      usedOn: null,
      rule: {
        kind: 'percent',
        percentOff: 10,
        amountOff: null,
        minSpend: 50,
        supplier: null,
        category: null,
      },
    });
    const again = await claim(m.headers, { code: c.code });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('code: You have already claimed this coupon.');
    const page = await getData(server, COUPONS, m.headers, discountPageSchema);
    expect(page.total).toBe(1);
    expect(page.records[0]!.id).toBe(claimed.id);
    // A coupon is not a discount card.
    expect((await getData(server, CARDS, m.headers, discountPageSchema)).total).toBe(0);
  });

  it('refuses unknown, ended, not yet open and used-up codes with a clear 4xx, changing nothing', async () => {
    const ended = await createCoupon(db(), { code: code('OLD'), amount: 5, days: 10, starts: '2025-01-01' });
    const later = await createCoupon(db(), {
      code: code('LATER'),
      amount: 5,
      days: 10,
      starts: '2099-01-01',
    });
    const one = await createCoupon(db(), { code: code('ONE'), amount: 5, days: 10, limit: 1 });
    const first = await newMember(server);
    expect((await claim(first.headers, { code: one.code })).status).toBe(200);
    const m = await newMember(server);
    const before = await walletSnapshot(server);
    const cases: [string, number, string][] = [
      ['NOSUCHCODE1', 404, 'code: There is no coupon with this code.'],
      [ended.code, 409, 'code: This coupon has ended.'],
      [later.code, 409, 'code: This coupon can be claimed from 2099-01-01.'],
      [one.code, 409, 'code: All of these coupons have been claimed.'],
    ];
    for (const [c, status, message] of cases) {
      const res = await claim(m.headers, { code: c });
      expect(res.status, c).toBe(status);
      expect(res.body).toMatchObject({ success: false, code: status, message });
    }
    expect(await walletSnapshot(server)).toEqual(before);
  });

  it('refuses bad codes with a 400 naming the field', async () => {
    const m = await newMember(server);
    const before = await walletSnapshot(server);
    for (const body of [
      { code: '' },
      { code: 'A'.repeat(33) },
      { code: 'A'.repeat(100_000) },
      { code: 'TEN\u0000' },
      { code: "TEN'; drop table member;--" },
      { code: 12345 },
      { code: ['TEN'] },
      {},
    ]) {
      const res = await claim(m.headers, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(new Set(fieldErrorsOf(res.body).map((e) => e.field))).toEqual(new Set(['code']));
    }
    expect(await walletSnapshot(server)).toEqual(before);
    expect((await server.call({ method: 'POST', url: CLAIM, payload: { code: 'TEN' } })).status).toBe(401);
    expect((await server.call(COUPONS)).status).toBe(401);
  });

  it(`never gives more than the total count, however many members claim at once (${testDbKind})`, async () => {
    const c = await createCoupon(db(), { code: code('RUSH'), amount: 3, days: 5, limit: 10 });
    const passwordHash = await hashPassword('secret-pw-1');
    const members = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        insertMember(db(), {
          kind: 'retail',
          userName: `Rush${i}`,
          userAccount: uniqueEmail('rush'),
          userPhone: uniquePhone(),
          password: 'secret-pw-1',
          code: '0000',
          driverLicense: 'DL1',
          address: '1 Queen Street',
          passwordHash,
        }),
      ),
    );
    const outcomes = await Promise.allSettled(members.map((m) => claimCoupon(db(), m.id, c.code)));
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        status: 409,
        message: 'code: All of these coupons have been claimed.',
      });
    const [row] = await rowsOf<{ given_count: number; held: number }>(
      db(),
      sql`select given_count, (select count(*)::int from member_discount where offer_id = f.id) as held
          from discount_offer f where f.id = ${c.id}`,
    );
    expect(row).toEqual({ given_count: 10, held: 10 });
  });

  it('lets one member claim a coupon once, however many times they send it at once', async () => {
    const c = await createCoupon(db(), { code: code('TWICE'), amount: 3, days: 5, limit: 50 });
    const m = await newMember(server);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => claimCoupon(db(), m.id, c.code)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [row] = await rowsOf<{ given_count: number; held: number }>(
      db(),
      sql`select given_count, (select count(*)::int from member_discount where offer_id = f.id) as held
          from discount_offer f where f.id = ${c.id}`,
    );
    expect(row).toEqual({ given_count: 1, held: 1 });
  });
});

describe(`discount cards (${testDbKind})`, () => {
  it('lists the member’s cards at the path as written and its alias, usable first, each with its state', async () => {
    const m = await newMember(server);
    const other = await newMember(server);
    await giveDiscountCard(db(), { member: m.email, amount: 5, min: 40, days: 90 });
    await giveDiscountCard(db(), {
      member: m.email,
      percent: 15,
      days: 10,
      starts: '2025-01-01',
      title: 'Old',
    });
    await giveDiscountCard(db(), { member: m.email, amount: 7.5, days: 10, starts: '2099-01-01' });
    await giveDiscountCard(db(), { member: other.email, amount: 9, days: 10 });
    const page = await getData(server, CARDS, m.headers, discountPageSchema);
    expect(page).toEqual(await getData(server, CARDS_ALIAS, m.headers, discountPageSchema));
    expect(page.total).toBe(3);
    expect(page.records.map((d) => [d.state, d.title])).toEqual([
      ['usable', '$5.00 off orders of $40.00 or more'],
      ['notYet', '$7.50 off'],
      ['expired', 'Old'],
    ]);
    expect(page.records[0]!.rule).toMatchObject({
      kind: 'amount',
      amountOff: 5,
      percentOff: null,
      minSpend: 40,
    });
    const expired = await getData(server, `${CARDS}?state=expired`, m.headers, discountPageSchema);
    expect(expired.records.map((d) => d.title)).toEqual(['Old']);
    const second = await getData(
      server,
      `${CARDS_ALIAS}?pageNum=2&pageSize=2`,
      m.headers,
      discountPageSchema,
    );
    expect(second.records.map((d) => d.title)).toEqual(['Old']);
    for (const q of ['state=gone', 'pageSize=0', 'pageNum=x', `state=usable%00`]) {
      const res = await server.call({ url: `${CARDS}?${q}`, headers: m.headers });
      expect(res.status, q).toBe(400);
    }
    expect((await server.call(CARDS_ALIAS)).status).toBe(401);
  });

  it('shows a card an order holds as used, with the order, and usable again once released', async () => {
    const m = await newMember(server);
    const card = await giveDiscountCard(db(), { member: m.email, percent: 20, days: 30 });
    const order = await bareOrder(server, m.id);
    await db().transaction((tx) =>
      useDiscount(tx, { memberDiscountId: card.id, memberId: m.id, orderId: order.id, discountCents: 200 }),
    );
    const used = await getData(server, CARDS, m.headers, discountPageSchema);
    expect(used.records[0]).toMatchObject({
      id: card.id,
      state: 'used',
      usedOn: { orderId: order.id, orderNo: order.orderNo },
      rule: { kind: 'percent', percentOff: 20 },
    });
    await db().transaction((tx) => releaseDiscount(tx, order.id));
    const again = await getData(server, CARDS, m.headers, discountPageSchema);
    expect(again.records[0]).toMatchObject({ id: card.id, state: 'usable', usedOn: null });
  });

  it('refuses operator rules that make no sense', async () => {
    const m = await newMember(server);
    const bad = [
      { member: m.email, days: 10 },
      { member: m.email, percent: 10, amount: 5, days: 10 },
      { member: m.email, percent: 0, days: 10 },
      { member: m.email, percent: 101, days: 10 },
      { member: m.email, amount: -5, days: 10 },
      { member: m.email, amount: 5.001, days: 10 },
      { member: m.email, amount: 5, days: 0 },
      { member: m.email, amount: 5, days: 10, supplier: 'NOPE' },
      { member: m.email, amount: 5, days: 10, category: 'nope' },
      { member: 'nobody@example.co.nz', amount: 5, days: 10 },
    ];
    for (const input of bad)
      await expect(giveDiscountCard(db(), input), JSON.stringify(input)).rejects.toMatchObject({
        status: expect.any(Number),
      });
    await expect(createCoupon(db(), { code: 'A B', amount: 1, days: 1 })).rejects.toMatchObject({
      status: 400,
    });
    const dup = code('DUP');
    await createCoupon(db(), { code: dup, amount: 1, days: 1 });
    await expect(createCoupon(db(), { code: dup.toLowerCase(), amount: 1, days: 1 })).rejects.toMatchObject({
      status: 400,
    });
  });
});
