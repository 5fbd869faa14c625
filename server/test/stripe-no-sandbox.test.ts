import { ORDER_STATUS } from '@mall/shared/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_PATH } from '../src/modules/payment/routes.ts';
import { SANDBOX_PATH } from '../src/modules/payment/sandbox-gateway.ts';
import { signResult } from '../src/modules/payment/signature.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';
import { startStripePayment, startStripeShop } from './stripe-helpers.ts';

/**
 * A shop that takes money through Stripe has no simulated gateway beside it:
 * the sandbox's card page is not there, and its signed callback pays nothing, so the test card
 * 4242 4242 4242 4242 cannot pay a real order. The payment's reference is no secret (the order
 * detail lists it).
 */

let shop: Awaited<ReturnType<typeof startStripeShop>>;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
beforeAll(async () => {
  shop = await startStripeShop();
  api = caller(shop.server);
  fx = await orderFixtures(shop.server, 'NoSandbox');
});
afterAll(() => shop.close());

/** A member's order, its Stripe attempt started: the attempt's reference as the order detail shows it. */
const stripeOrder = async () => {
  const h = bearer(await registerMember(shop.server, 'retail'));
  const address = await api.address(h);
  const line = await api.add(h, fx.skus.kete, 1);
  const order = (await api.submit(h, { cartItemIds: [line.id], addressId: address.id })).body.data;
  await startStripePayment(shop.server, shop.standIn, h, order.id);
  const detail = (await api.detail(h, order.id)).body.data;
  expect(detail.payments).toMatchObject([{ provider: 'stripe', status: 'pending' }]);
  return { h, order, reference: detail.payments[0]!.reference };
};

describe(`a Stripe shop and the sandbox gateway (${testDbKind})`, () => {
  it('has no sandbox card page: the test card cannot pay a Stripe order', async () => {
    const { h, order, reference } = await stripeOrder();
    const page = await shop.server.app.inject({ url: `${SANDBOX_PATH}/${reference}` });
    expect(page.statusCode).toBe(404);
    const paid = await shop.server.app.inject({
      method: 'POST',
      url: `${SANDBOX_PATH}/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=4242424242424242&expiry=12%2F30&cvc=123',
    });
    expect(paid.statusCode).toBe(404);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments).toMatchObject([{ provider: 'stripe', status: 'pending' }]);
  });

  it("applies no sandbox callback to a Stripe payment, even one signed with the shop's key", async () => {
    const { h, order, reference } = await stripeOrder();
    const ts = String(Date.now());
    const result = {
      reference,
      status: 'succeeded' as const,
      cardLast4: '4242',
      amountCents: Math.round(order.payAmount * 100),
      currency: 'NZD',
    };
    const query = new URLSearchParams({
      reference,
      status: 'succeeded',
      amount: String(result.amountCents),
      currency: 'NZD',
      last4: '4242',
      ts,
      signature: signResult(ORDER_TEST_ENV.PAYMENT_SECRET, result, ts),
    });
    const res = await shop.server.call({ url: `${CALLBACK_PATH}?${query}` });
    expect(res.status).toBe(404);
    const detail = (await api.detail(h, order.id)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments).toMatchObject([{ provider: 'stripe', status: 'pending' }]);
  });
});
