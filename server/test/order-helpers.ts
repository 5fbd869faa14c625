import { randomUUID } from 'node:crypto';
import type { Address } from '@mall/shared/contract/address';
import type { CartItem } from '@mall/shared/contract/cart';
import type { OrderDetail, OrderSummary, PaymentStart } from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import type { TestServer } from './harness.ts';

/**
 * What the order tests configure: a known payment key, a long pay window, a quick "wait" card.
 * The wait card's answer comes 1 s after paying: long enough that a busy machine's pause between
 * paying and reading the payment cannot let it in first (it came after 50 ms, and a read right
 * after paying took up to 142 ms with both cores kept busy).
 */
export const ORDER_TEST_ENV = {
  PAYMENT_SECRET: 'test-payment-secret-of-at-least-32-characters',
  ORDER_PAY_TIMEOUT_MS: '600000',
  SANDBOX_PAYMENT_WAIT_MS: '1000',
};

/** A member's calls against a test server. */
export const caller = (server: TestServer) => {
  const call = <T>(h: Record<string, string>, method: string, url: string, payload?: unknown) =>
    server.call<T>({
      method: method as 'GET',
      url,
      headers: h,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    address: async (h: Record<string, string>, region = 'AUK', over: Record<string, unknown> = {}) => {
      const res = await call<Address>(h, 'POST', '/api/customer/address', {
        recipient: 'Aroha Ngata',
        phone: '0211234567',
        street: '12 Queen Street',
        suburb: 'Auckland Central',
        city: region === 'CAN' ? 'Christchurch' : 'Auckland',
        region,
        postcode: region === 'CAN' ? '8011' : '1010',
        ...over,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    add: async (h: Record<string, string>, skuId: number, count: number) => {
      const res = await call<CartItem[]>(h, 'POST', '/api/cart/app/add', { skuId, count });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.find((i) => i.skuId === skuId)!;
    },
    cart: async (h: Record<string, string>) => (await call<CartItem[]>(h, 'GET', '/api/cart/app')).body.data,
    submit: (
      h: Record<string, string>,
      body: { cartItemIds: number[]; addressId: number; remark?: string },
      key: string | null = randomUUID(),
    ) =>
      server.call<OrderSummary>({
        method: 'POST',
        url: '/api/sale/order/submit',
        headers: { ...h, ...(key === null ? {} : { 'idempotency-key': key }) },
        payload: body,
      }),
    detail: (h: Record<string, string>, id: number) =>
      call<OrderDetail>(h, 'GET', `/api/sale/order/app/detail/${id}`),
    /**
     * Pays the order on the sandbox gateway's card page with `card`: the card page as shown, the
     * form's answer and the payment's reference.
     */
    pay: async (h: Record<string, string>, orderId: number, card = '4242424242424242') => {
      const start = await call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${orderId}`);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const url = start.body.data.redirectUrl;
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `card=${card}&expiry=12%2F30&cvc=123`,
      });
      return { url, page: page.body, res, reference: url.split('/').at(-1)! };
    },
  };
};

/** Fixture goods for orders: SKU ids and the stock organisation. */
export const orderFixtures = async (server: TestServer, label: string) => {
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, label);
  const [kete, honey, own, bulk] = await insertFixtureGoods(db, cats.thirdId, [
    { name: `${label} Flax Kete`, supplier: 'AHL', skus: [{ retail: 3333, wholesale: 2500, club: 3000 }] },
    {
      name: `${label} Honey`,
      supplier: 'PBC',
      skus: [{ retail: 1999, wholesale: 1500, club: 1800, maxCount: 4 }],
    },
    { name: `${label} Own Jar`, supplier: 'SPY', skus: [{ retail: 1000, wholesale: 700, club: 900 }] },
    { name: `${label} Bulk Wool`, supplier: 'TST', skus: [{ retail: 25000, wholesale: 21000, club: 24000 }] },
  ]);
  const org = (await resolveStockOrganisationId(db, null))!;
  const skus = {
    kete: kete!.skuIds[0]!,
    honey: honey!.skuIds[0]!,
    own: own!.skuIds[0]!,
    bulk: bulk!.skuIds[0]!,
  };
  await setStock(db, skus.kete, org, 50);
  await setStock(db, skus.honey, org, 50);
  await setStock(db, skus.own, org, 10);
  await setStock(db, skus.bulk, org, 100);
  return { skus, org };
};

export const stockNow = async (server: TestServer, skuId: number, org: number) => {
  const res = (await server.database.db.execute(
    sql`select quantity from stock where sku_id = ${skuId} and org_id = ${org}`,
  )) as unknown as { rows: { quantity: number }[] };
  return res.rows[0]?.quantity ?? 0;
};
