import { POINT_SOURCE } from '@mall/shared/codes';
import { accountInfoSchema } from '@mall/shared/contract/account';
import {
  cashCardPageSchema,
  discountPageSchema,
  pointPageSchema,
  WALLET_CALLS,
} from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../src/db/run-seeds.ts';
import { accountsDemoSeed, DEMO_PASSWORD } from '../src/modules/customer/seed.ts';
import { referenceSeed } from '../src/modules/reference/seed.ts';
import { claimCoupon } from '../src/modules/wallet/discounts.ts';
import { createCoupon, giveDiscountCard, givePoints, issueCashCards } from '../src/modules/wallet/issue.ts';
import { moveCardMoney, movePoints } from '../src/modules/wallet/ledger.ts';
import { walletDemoSeed } from '../src/modules/wallet/seed.ts';
import { bearer, login, randomIp } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { bareOrder, getData, newMember } from './wallet-helpers.ts';

const POINTS = `/api${WALLET_CALLS.pointRecords}`;
const INFO = '/api/retail/customer/account/info';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const db = () => server.database.db;

describe(`points records (${testDbKind})`, () => {
  it('pages every movement newest first, with reason, order and balance after, and the balance', async () => {
    const m = await newMember(server);
    const other = await newMember(server);
    for (let i = 1; i <= 24; i++) await givePoints(db(), { member: m.email, points: i, reason: 'review' });
    const order = await bareOrder(server, m.id);
    await db().transaction((tx) =>
      movePoints(tx, { memberId: m.id, points: -100, reason: POINT_SOURCE.redeemed, orderId: order.id }),
    );
    await givePoints(db(), { member: other.email, points: 7 });
    const first = await getData(server, `${POINTS}?pageNum=1&pageSize=10`, m.headers, pointPageSchema);
    expect(first).toMatchObject({ total: 25, pageNum: 1, pageSize: 10, balance: 200 }); // 300 - 100
    expect(first.records[0]).toMatchObject({
      points: -100,
      balanceAfter: 200,
      reason: POINT_SOURCE.redeemed,
      order: { id: order.id, orderNo: order.orderNo },
    });
    expect(first.records[1]).toMatchObject({
      points: 24,
      balanceAfter: 300,
      reason: POINT_SOURCE.review,
      order: null,
    });
    const last = await getData(server, `${POINTS}?pageNum=3&pageSize=10`, m.headers, pointPageSchema);
    expect(last.records.map((r) => r.points)).toEqual([5, 4, 3, 2, 1]);
    expect(last.records.at(-1)!.balanceAfter).toBe(1);
    const beyond = await getData(server, `${POINTS}?pageNum=9&pageSize=10`, m.headers, pointPageSchema);
    expect(beyond).toMatchObject({ records: [], total: 25, balance: 200 });
    for (const q of [
      'pageSize=0',
      'pageSize=1000',
      'pageNum=0',
      'pageNum=1.5',
      'pageNum=99999999999999999999',
    ]) {
      const res = await server.call({ url: `${POINTS}?${q}`, headers: m.headers });
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await server.call(POINTS)).status).toBe(401);
  });

  it('refuses taking more points than the member has, writing nothing', async () => {
    const m = await newMember(server);
    await givePoints(db(), { member: m.email, points: 10 });
    await expect(givePoints(db(), { member: m.email, points: -11 })).rejects.toMatchObject({ status: 409 });
    for (const points of [0, 1.5, Number.NaN, 1e12])
      await expect(givePoints(db(), { member: m.email, points })).rejects.toMatchObject({ status: 400 });
    expect((await getData(server, POINTS, m.headers, pointPageSchema)).total).toBe(1);
  });
});

describe(`account balances (${testDbKind})`, () => {
  it('answers the real points, usable card money, usable coupons and discount cards, and the club end', async () => {
    const m = await newMember(server);
    const empty = await getData(server, INFO, m.headers, accountInfoSchema);
    expect(empty).toMatchObject({ points: 0, cashBalance: 0, coupons: 0, discountCards: 0, vipUntil: null });

    await givePoints(db(), { member: m.email, points: 321 });
    const [live, old] = await issueCashCards(db(), { face: 25.5, count: 2 });
    for (const c of [live!, old!])
      await server.call({
        method: 'POST',
        url: `/api${WALLET_CALLS.cashCardAdd}`,
        headers: m.headers,
        payload: { cardNo: c.cardNo, secret: c.secret },
        remoteAddress: randomIp(),
      });
    await db().execute(
      sql`update cash_card set sold_at = '2025-01-01', expires_at = '2025-06-01' where id = ${old!.id}`,
    );
    await db().transaction((tx) =>
      moveCardMoney(tx, {
        cardId: live!.id,
        memberId: m.id,
        amountCents: -1001,
        reason: 'adjustment',
        orderId: null,
      }),
    );
    const coupon = await createCoupon(db(), { code: `BAL${Date.now()}`, amount: 2, days: 5 });
    await claimCoupon(db(), m.id, coupon.code);
    await giveDiscountCard(db(), { member: m.email, percent: 5, days: 5 });
    await giveDiscountCard(db(), { member: m.email, percent: 5, days: 5, starts: '2025-01-01' });
    await db().execute(
      sql`update member set vip = true, vip_until = '2099-05-01T00:00:00Z' where id = ${m.id}`,
    );

    const info = await getData(server, INFO, m.headers, accountInfoSchema);
    expect(info).toMatchObject({
      points: 321,
      cashBalance: 15.49,
      coupons: 1,
      discountCards: 1,
      vipUntil: '2099-05-01T00:00:00.000Z',
    });
  });
});

describe(`the demo wallet (${testDbKind})`, () => {
  it('gives the demo members cards with money, points, discount cards and a claimed coupon, and leaves WELCOME5 to claim', async () => {
    const demo = await startTestServer();
    try {
      await runSeeds({ db: demo.database.db, uploadsDir: demo.config.uploadsDir }, [
        referenceSeed,
        accountsDemoSeed,
        walletDemoSeed,
      ]);
      const res = await login(demo, 'retail', 'aroha@example.co.nz', DEMO_PASSWORD);
      expect(res.status).toBe(200);
      const headers = bearer(res.body.data);
      const cards = await getData(demo, `/api${WALLET_CALLS.cashCards}`, headers, cashCardPageSchema);
      expect(cards).toMatchObject({ total: 3, balance: 170 });
      const points = await getData(demo, POINTS, headers, pointPageSchema);
      expect(points).toMatchObject({ total: 4, balance: 750 });
      const discountCards = await getData(
        demo,
        `/api${WALLET_CALLS.discountCards}`,
        headers,
        discountPageSchema,
      );
      expect(discountCards.records.map((d) => d.state)).toEqual(['usable', 'usable', 'expired']);
      expect(discountCards.records.find((d) => d.rule.supplier)?.rule.supplier?.name).toBe(
        'Kiwi Fresh Foods',
      );
      const coupons = await getData(demo, `/api${WALLET_CALLS.coupons}`, headers, discountPageSchema);
      expect(coupons.records.map((d) => [d.code, d.state])).toEqual([['KAURI10', 'usable']]);
      const info = await getData(demo, INFO, headers, accountInfoSchema);
      expect(info).toMatchObject({ points: 750, cashBalance: 170, coupons: 1, discountCards: 2 });

      const claim = await demo.call({
        method: 'POST',
        url: `/api${WALLET_CALLS.couponClaim}`,
        headers,
        payload: { code: 'welcome5' },
      });
      expect(claim.status).toBe(200);
      const add = await demo.call({
        method: 'POST',
        url: `/api${WALLET_CALLS.cashCardAdd}`,
        headers,
        payload: { cardNo: '6000000000009001', secret: '246810' },
      });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(await getData(demo, INFO, headers, accountInfoSchema)).toMatchObject({
        cashBalance: 200,
        coupons: 2,
      });
    } finally {
      await demo.close();
    }
  });
});
