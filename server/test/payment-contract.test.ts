import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { PaymentStart } from '@mall/shared/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';
import { pressOnPage, startStripeShop } from './stripe-helpers.ts';

/**
 * What every payment provider does for the shop, at API level (docs/payment.md): the same calls
 * and the same answers whichever gateway is configured. Each provider brings its own way of
 * paying or declining on its page and of letting its refunds settle.
 */
interface ProviderUnderTest {
  name: 'sandbox' | 'stripe';
  simulated: boolean;
  server: TestServer;
  /** The member pays on the provider's page; the result has reached the shop when it resolves. */
  pay(redirectUrl: string): Promise<void>;
  /** The member's card is declined on the provider's page. */
  decline(redirectUrl: string): Promise<void>;
  /** The provider's refunds end (by webhook where the provider has them). */
  settleRefunds(): Promise<void>;
  close(): Promise<void>;
}

const sandbox = async (): Promise<ProviderUnderTest> => {
  const server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
  const card = async (url: string, number: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${number}&expiry=12%2F30&cvc=123`,
    });
    expect(res.statusCode).toBe(303);
  };
  return {
    name: 'sandbox',
    simulated: true,
    server,
    pay: (url) => card(url, '4242424242424242'),
    decline: (url) => card(url, '4000000000000002'),
    settleRefunds: async () => {},
    close: () => server.close(),
  };
};

const stripe = async (): Promise<ProviderUnderTest> => {
  const shop = await startStripeShop();
  return {
    name: 'stripe',
    simulated: false,
    server: shop.server,
    pay: async (url) => {
      expect((await pressOnPage(url, 'pay')).status).toBe(303);
      await shop.standIn.idle();
    },
    decline: async (url) => {
      expect((await pressOnPage(url, 'decline')).status).toBe(402);
    },
    settleRefunds: async () => {
      for (const r of shop.standIn.refunds.values())
        if (r.status === 'pending') await shop.standIn.settleRefund(r.id);
    },
    close: shop.close,
  };
};

describe.each([
  ['sandbox', sandbox],
  ['stripe', stripe],
] as const)(`the payment provider contract: %s (${testDbKind})`, (name, start) => {
  let p: ProviderUnderTest;
  let api: ReturnType<typeof caller>;
  let fx: Awaited<ReturnType<typeof orderFixtures>>;
  beforeAll(async () => {
    p = await start();
    api = caller(p.server);
    fx = await orderFixtures(p.server, `Contract ${name}`);
  });
  afterAll(() => p.close());

  const placed = async () => {
    const h = bearer(await registerMember(p.server, 'retail'));
    const address = await api.address(h);
    const line = await api.add(h, fx.skus.kete, 1);
    const order = (await api.submit(h, { cartItemIds: [line.id], addressId: address.id })).body.data;
    return { h, order };
  };
  const startPaying = async (h: Record<string, string>, id: number) =>
    api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${id}`);

  it('names itself on the health check', async () => {
    const res = await p.server.call<{ payments: unknown }>('/api/health');
    expect(res.body.data.payments).toEqual({ provider: name, simulated: p.simulated });
  });

  it('sends the member to its page, and a payment there pays the order for its pay amount', async () => {
    const { h, order } = await placed();
    const start = await startPaying(h, order.id);
    expect(start.status).toBe(200);
    expect(start.body.data.orderId).toBe(order.id);
    let detail = (await api.detail(h, order.id)).body.data;
    expect(detail.payments).toMatchObject([{ provider: name, status: 'pending', amount: order.payAmount }]);
    await p.pay(start.body.data.redirectUrl);
    detail = (await api.detail(h, order.id)).body.data;
    expect(detail).toMatchObject({ status: ORDER_STATUS.toShip, payStatus: PAY_STATUS.paid });
    expect(detail.payments).toMatchObject([{ provider: name, status: 'succeeded', amount: order.payAmount }]);
    // A paid order has nothing more to pay.
    expect((await startPaying(h, order.id)).status).toBe(409);
  });

  it('keeps the order waiting and payable after a decline', async () => {
    const { h, order } = await placed();
    await p.decline((await startPaying(h, order.id)).body.data.redirectUrl);
    expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.pendingPayment);
    const again = await startPaying(h, order.id);
    expect(again.status).toBe(200);
    await p.pay(again.body.data.redirectUrl);
    expect((await api.detail(h, order.id)).body.data.status).toBe(ORDER_STATUS.toShip);
  });

  it('refunds a cancelled paid order through itself; the refund shows on the order until it ends', async () => {
    const { h, order } = await placed();
    await p.pay((await startPaying(h, order.id)).body.data.redirectUrl);
    const res = await p.server.call<{ gatewayCents: number }>({
      method: 'POST',
      url: '/api/admin/orders/refund',
      headers: (await signInOperator(p.server, 'orders')).headers,
      payload: { orderNo: order.orderNo },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.gatewayCents).toBe(Math.round(order.payAmount * 100));
    let detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.refunds).toMatchObject([{ to: 'gateway', amount: order.payAmount }]);
    expect(detail.payments[0]!.refunds).toMatchObject([{ amount: order.payAmount, reason: 'operator' }]);
    await p.settleRefunds();
    detail = (await api.detail(h, order.id)).body.data;
    expect(detail.payments[0]!.refunds.map((r) => r.status)).toEqual(['succeeded']);
  });
});
