import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_WITHIN_MS, LOW_STOCK_AT_MOST } from '../src/modules/dashboard/service.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

/** The back office's dashboard (docs/back-office.md: dashboard). */

interface Dashboard {
  today: { orders: number; takingsCents: number };
  week: { orders: number; takingsCents: number };
  toShip: { count: number; oldestPaidAt: string | null };
  closingSoon: { orderNo: string; payDeadline: string; totalCents: number }[];
  lowStock: { atMost: number; total: number; list: { skuId: number; orgName: string; quantity: number }[] };
}

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;

beforeAll(async () => {
  // Unpaid orders close half-way through the dashboard's "closing soon" window.
  server = await startTestServer({
    seed: true,
    env: { ...ORDER_TEST_ENV, ORDER_PAY_TIMEOUT_MS: String(CLOSING_WITHIN_MS / 2) },
  });
  api = caller(server);
  fx = await orderFixtures(server, 'Dashboard');
});
afterAll(() => server.close());

const placeOrder = async (skuId: number) => {
  const h = bearer(await registerMember(server, 'retail'));
  const address = await api.address(h);
  const item = await api.add(h, skuId, 1);
  const res = await api.submit(h, { cartItemIds: [item.id], addressId: address.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { h, order: res.body.data };
};

describe(`the dashboard (${testDbKind})`, () => {
  it("shows today's and this week's orders and takings, orders to ship, unpaid orders closing soon and low stock", async () => {
    const owner = await signInOperator(server, 'owner');
    const read = async () => {
      const res = await server.call<Dashboard>({ url: '/api/admin/dashboard', headers: owner.headers });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    // The demo data's own low stock is topped up, so the list shows what this test makes low.
    await server.database.db.execute(
      sql`update stock set quantity = 100 where quantity <= ${LOW_STOCK_AT_MOST}`,
    );
    const before = await read();
    expect(before.lowStock.total).toBe(0);

    const unpaid = await placeOrder(fx.skus.kete);
    const paid = await placeOrder(fx.skus.honey);
    await api.pay(paid.h, paid.order.id);
    const paidTotal = (await api.detail(paid.h, paid.order.id)).body.data;
    await setStock(server.database.db, fx.skus.own, fx.org, LOW_STOCK_AT_MOST - 3);

    const after = await read();
    const cents = Math.round(Number(paidTotal.totalAmount) * 100);
    expect(after.today.orders).toBe(before.today.orders + 2);
    expect(after.week.orders).toBe(before.week.orders + 2);
    expect(after.today.takingsCents).toBe(before.today.takingsCents + cents);
    expect(after.week.takingsCents).toBe(before.week.takingsCents + cents);
    expect(after.toShip.count).toBe(before.toShip.count + 1);
    expect(after.toShip.oldestPaidAt).not.toBeNull();
    expect(after.closingSoon.map((o) => o.orderNo)).toContain(unpaid.order.orderNo);
    expect(after.closingSoon.map((o) => o.orderNo)).not.toContain(paid.order.orderNo);
    expect(after.lowStock).toMatchObject({
      atMost: LOW_STOCK_AT_MOST,
      total: 1,
      list: [{ skuId: fx.skus.own, quantity: LOW_STOCK_AT_MOST - 3, orgName: expect.any(String) }],
    });
  });
});
