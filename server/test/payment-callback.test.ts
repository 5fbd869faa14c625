import { ORDER_STATUS } from '@mall/shared/codes';
import type { PaymentStart } from '@mall/shared/contract/order';
import { type ClubPlan, WALLET_CALLS } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_MAX_AGE_MS, type SignedResult, signResult } from '../src/modules/payment/signature.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

/**
 * The gateway's signed callback (docs/payment.md: the flow): the money it reports must be the
 * payment's, in NZD, and its signed time fresh; anything else is refused, changes nothing and is
 * logged. It is the gateway's server-to-server call, so the shoppers' rate limit does not apply.
 */

const { PAYMENT_SECRET } = ORDER_TEST_ENV;
const RATE_LIMIT = 40;

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { ...ORDER_TEST_ENV, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  api = caller(server);
  fx = await orderFixtures(server, 'Callback');
});
afterAll(() => server.close());

const paymentRow = async (reference: string) =>
  (
    (await server.database.db.execute(
      sql`select status, amount_cents, card_last4, settled_at from payment where reference = ${reference}`,
    )) as unknown as { rows: { status: string; amount_cents: number }[] }
  ).rows[0]!;

const referenceOf = (start: PaymentStart) => start.redirectUrl.split('/').at(-1)!;

/** A member's pending order of one kete (from its own client address), and a payment started for it. */
const pendingPayment = async () => {
  const h = bearer(await registerMember(server, 'retail'));
  const address = await api.address(h);
  const { id } = await api.add(h, fx.skus.kete, 1);
  const order = (await api.submit(h, { cartItemIds: [id], addressId: address.id })).body.data;
  const start = await api.call<PaymentStart>(h, 'GET', `/api/sale/order/continue/payment/${order.id}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const reference = referenceOf(start.body.data);
  return { h, orderId: order.id, reference, amountCents: (await paymentRow(reference)).amount_cents };
};

/** The callback as the gateway sends it: `over` changes what is signed (the signature stays right). */
const callback = (
  base: { reference: string; amountCents: number },
  over: Partial<SignedResult> & { ts?: number } = {},
  remoteAddress = '127.0.0.1',
) => {
  const ts = String(over.ts ?? Date.now());
  const signed: SignedResult = {
    reference: base.reference,
    status: 'succeeded',
    cardLast4: '4242',
    amountCents: base.amountCents,
    currency: 'NZD',
    ...over,
  };
  return server.call<{ result: string }>({
    url: '/api/sale/order/pay/callback',
    remoteAddress,
    query: {
      reference: signed.reference,
      status: signed.status,
      amount: String(signed.amountCents),
      currency: signed.currency,
      last4: signed.cardLast4 ?? '',
      ts,
      signature: signResult(PAYMENT_SECRET, signed, ts),
    },
  });
};

const refusalsLogged = (reference: string) =>
  lines
    .map((l) => JSON.parse(l) as { msg?: string; reference?: string; refusal?: string })
    .filter((e) => e.msg === 'payment callback refused' && e.reference === reference)
    .map((e) => e.refusal);

describe(`the payment callback (${testDbKind})`, () => {
  it('refuses a callback signed too long ago or too far ahead: 400 naming ts, nothing changes, logged', async () => {
    const p = await pendingPayment();
    const stale = await callback(p, { ts: Date.now() - CALLBACK_MAX_AGE_MS - 1000 });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      success: false,
      code: 400,
      message: 'ts: This callback was not signed within the last 5 minutes.',
      data: { errors: [{ field: 'ts', message: 'This callback was not signed within the last 5 minutes.' }] },
      reason: 'request.invalid',
    });
    const ahead = await callback(p, { ts: Date.now() + 10 * 60_000 });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toMatch(/^ts: /);
    expect(await paymentRow(p.reference)).toMatchObject({
      status: 'pending',
      card_last4: null,
      settled_at: null,
    });
    expect((await api.detail(p.h, p.orderId)).body.data.status).toBe(ORDER_STATUS.pendingPayment);
    expect(refusalsLogged(p.reference)).toEqual([
      'ts: This callback was not signed within the last 5 minutes.',
      'ts: This callback was not signed within the last 5 minutes.',
    ]);

    // A callback signed a moment ago is taken.
    expect((await callback(p, { ts: Date.now() - 60_000 })).body.data).toEqual({ result: 'applied' });
    expect((await api.detail(p.h, p.orderId)).body.data.status).toBe(ORDER_STATUS.toShip);
  });

  it('refuses an amount or currency that is not the payment’s: 409 naming the field, nothing changes, logged', async () => {
    const p = await pendingPayment();
    const cases: [Partial<SignedResult>, string][] = [
      [{ amountCents: p.amountCents - 1 }, 'amount'],
      [{ amountCents: p.amountCents + 100 }, 'amount'],
      [{ amountCents: 0, status: 'declined' }, 'amount'],
      [{ currency: 'AUD' }, 'currency'],
      [{ currency: 'USD', status: 'declined' }, 'currency'],
    ];
    for (const [over, field] of cases) {
      const res = await callback(p, over);
      expect(res.status, JSON.stringify(over)).toBe(409);
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
    }
    expect((await callback(p, { amountCents: p.amountCents - 1 })).body.message).toBe(
      `amount: The amount paid ($${((p.amountCents - 1) / 100).toFixed(2)}) is not the amount asked ($${(p.amountCents / 100).toFixed(2)}).`,
    );
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'pending', settled_at: null });
    const detail = (await api.detail(p.h, p.orderId)).body.data;
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['placed', 'payment_started']);
    expect(refusalsLogged(p.reference)).toHaveLength(cases.length + 1);

    // A replay with other money than the payment's is refused too, even once the payment is settled.
    expect((await callback(p)).body.data).toEqual({ result: 'applied' });
    expect((await callback(p, { amountCents: p.amountCents + 1 })).status).toBe(409);
    expect((await callback(p)).body.data).toEqual({ result: 'already' });
  });

  it("checks a club plan's payment against the plan's price", async () => {
    const h = bearer(await registerMember(server, 'retail'));
    const plans = (await server.call<ClubPlan[]>(`/api${WALLET_CALLS.clubPlans}`)).body.data;
    const plan = plans[0]!;
    const start = await server.call<PaymentStart>({
      url: `/api${WALLET_CALLS.clubPay.replace(':id', String(plan.id))}`,
      headers: h,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const reference = referenceOf(start.body.data);
    const amountCents = Math.round(Number(plan.price) * 100);
    expect((await paymentRow(reference)).amount_cents).toBe(amountCents);
    expect((await callback({ reference, amountCents: amountCents - 100 })).status).toBe(409);
    expect((await paymentRow(reference)).status).toBe('pending');
    expect((await callback({ reference, amountCents })).body.data).toEqual({ result: 'applied' });
  });

  it("is not held to the shoppers' rate limit, but still to its signature", async () => {
    const p = await pendingPayment();
    const gateway = '203.0.113.40';
    // The address has used up the shoppers' limit...
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect(
        (await server.call({ url: '/api/supplier/website/name/list', remoteAddress: gateway })).status,
      ).toBe(200);
    }
    expect(
      (await server.call({ url: '/api/supplier/website/name/list', remoteAddress: gateway })).status,
    ).toBe(429);
    // ... and its callbacks are still heard: forged ones refused by their signature, the right one applied.
    for (let i = 0; i < 5; i++) {
      const forged = await server.call({
        url: '/api/sale/order/pay/callback',
        remoteAddress: gateway,
        query: {
          reference: p.reference,
          status: 'succeeded',
          amount: String(p.amountCents),
          currency: 'NZD',
          ts: String(Date.now()),
          signature: 'f'.repeat(64),
        },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe('signature: The signature of this callback is not valid.');
    }
    expect((await paymentRow(p.reference)).status).toBe('pending');
    expect((await callback(p, {}, gateway)).body.data).toEqual({ result: 'applied' });
  });
});
