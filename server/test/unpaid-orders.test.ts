import { LIMIT_MESSAGE } from '@mall/shared/cart-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { ...ORDER_TEST_ENV, UNPAID_ORDERS_MAX: '2' } });
  api = caller(server);
  fx = await orderFixtures(server, 'Unpaid');
});
afterAll(() => server.close());

const member = async () => {
  const h = bearer(await registerMember(server, 'retail'));
  return { h, address: await api.address(h) };
};

/** Adds `count` of `sku` to the cart and submits that line. */
const buy = async (m: { h: Record<string, string>; address: { id: number } }, sku: number, count: number) => {
  const line = await api.add(m.h, sku, count);
  return api.submit(m.h, { cartItemIds: [line.id], addressId: m.address.id });
};

describe(`unpaid orders (${testDbKind})`, () => {
  it('refuses another order past UNPAID_ORDERS_MAX unpaid ones, naming the limit and the way out; a cancel makes room', async () => {
    const m = await member();
    const first = await buy(m, fx.skus.kete, 1);
    expect(first.status).toBe(200);
    expect((await buy(m, fx.skus.kete, 1)).status).toBe(200);
    const third = await buy(m, fx.skus.kete, 1);
    expect(third.status).toBe(409);
    expect(third.body.reason).toBe('order.unpaid_limit');
    expect(third.body.message).toBe(
      'You already have 2 unpaid orders, the most you may hold. Please pay or cancel one in My Orders before placing another.',
    );
    const cancel = await api.call(m.h, 'PATCH', `/api/sale/order/cancel/${first.body.data.id}`);
    expect(cancel.status).toBe(200);
    const cart = await api.cart(m.h);
    const res = await api.submit(m.h, { cartItemIds: [cart[0]!.id], addressId: m.address.id });
    expect(res.status).toBe(200);
  });

  it("counts the member's unpaid units of a SKU toward its purchase limit at submission", async () => {
    // Honey's purchase limit is 4: 3 in an unpaid order leave room for 1.
    const m = await member();
    expect((await buy(m, fx.skus.honey, 3)).status).toBe(200);
    const over = await buy(m, fx.skus.honey, 2);
    expect(over.status).toBe(409);
    expect(over.body.reason).toBe('cart.purchase_limit');
    expect(over.body.message).toMatch(
      new RegExp(`Honey: ${LIMIT_MESSAGE} \\(3 already in your unpaid orders; the limit is 4\\)\\.$`),
    );
    // The cart keeps its own rule: the 2 stay in the cart; 1 of them may be ordered.
    const [line] = await api.cart(m.h);
    expect(line!.count).toBe(2);
    await api.call(m.h, 'PUT', '/api/cart/count', { id: line!.id, count: 1 });
    expect((await api.submit(m.h, { cartItemIds: [line!.id], addressId: m.address.id })).status).toBe(200);
  });
});
