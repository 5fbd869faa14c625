import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { ClubStatus } from '@mall/shared/contract/wallet';
import { WALLET_CALLS } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { bearer, registerMember, uniqueEmail } from './account-helpers.ts';
import { giveCard } from './checkout-wallet-helpers.ts';
import type { TestServer } from './harness.ts';
import { testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';
import { caller, orderFixtures } from './order-helpers.ts';
import { pressOnPage, STRIPE_TEST_KEYS, startStripePayment, startStripeShop } from './stripe-helpers.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

let shop: Awaited<ReturnType<typeof startStripeShop>>;
let server: TestServer;
let standIn: StripeStandIn;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;

beforeAll(async () => {
  shop = await startStripeShop();
  ({ server, standIn } = shop);
  api = caller(server);
  fx = await orderFixtures(server, 'Stripe');
});
afterAll(() => shop.close());

/** A fresh member with one kete ordered (33.33 + 8.90 shipping = 42.23); `cardCents` of it paid by a cash card. */
const orderOfNewMember = async (cardCents = 0) => {
  const email = uniqueEmail('stripe');
  const signedIn = await registerMember(server, 'retail', { userAccount: email });
  const h = bearer(signedIn);
  if (cardCents > 0) await giveCard(server.database.db, signedIn.member.id, cardCents);
  const address = await api.address(h);
  const line = await api.add(h, fx.skus.kete, 1);
  const res = await api.submit(h, {
    cartItemIds: [line.id],
    addressId: address.id,
    ...(cardCents > 0 ? { cardAmount: cardCents / 100 } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { h, order: res.body.data, email };
};

const detailOf = async (h: Record<string, string>, id: number) => (await api.detail(h, id)).body.data;

/** A library client of the stand-in, as the shop's owner would use Stripe's API. */
const stripeApi = () => {
  const u = new URL(standIn.url);
  return new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY, { host: u.hostname, port: u.port, protocol: 'http' });
};

describe(`paying with Stripe Checkout (${testDbKind})`, () => {
  it('makes a Checkout Session in NZD for the exact amount and pays the order when the webhook comes', async () => {
    const { h, order, email } = await orderOfNewMember();
    const { redirectUrl, sessionId } = await startStripePayment(server, standIn, h, order.id);
    const made = standIn.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 4223,
      currency: 'nzd',
      client_reference_id: order.orderNo,
      customer_email: email,
      mode: 'payment',
      success_url: `http://localhost:3000/pages/order/pay/notice?orderId=${order.id}`,
      cancel_url: `http://localhost:3000/pages/order/pay/index?orderId=${order.id}`,
    });
    expect(made.idempotencyKey).toMatch(/^checkout-pay_[0-9a-f]{24}$/);
    // Until Stripe tells the shop, the order waits: the redirect to the success page proves nothing.
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.pendingPayment);

    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain('42.23 NZD');
    const paid = await pressOnPage(redirectUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(session.success_url);
    await standIn.idle();
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(JSON.parse(standIn.deliveries.at(-1)!.body).data).toEqual({ result: 'applied' });

    const detail = await detailOf(h, order.id);
    expect(detail).toMatchObject({ status: ORDER_STATUS.toShip, payStatus: PAY_STATUS.paid });
    expect(detail.payments).toMatchObject([
      { provider: 'stripe', status: 'succeeded', amount: 42.23, refunds: [] },
    ]);
    expect(detail.timeline.filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it('asks the gateway only for what the cash cards do not pay', async () => {
    const { h, order } = await orderOfNewMember(2000);
    expect(order.payAmount).toBe(22.23);
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    expect(standIn.sessions.get(sessionId)!.amount_total).toBe(2223);
    expect((await standIn.pay(sessionId)).status).toBe(200);
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.toShip);
  });

  it("answers 502 with Stripe's reason when Stripe refuses a session, and the order stays payable", async () => {
    // The cash card leaves 40 cents: below Stripe's minimum charge.
    const { h, order } = await orderOfNewMember(4183);
    expect(order.payAmount).toBe(0.4);
    const res = await server.call({ url: `/api/sale/order/continue/payment/${order.id}`, headers: h });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'The payment gateway did not take this: The Checkout Session total must be at least 50 cents.',
    );
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.pendingPayment);
    // Asked again at once: the same attempt, the same key; a minute on, that attempt is let go.
    expect(
      (await server.call({ url: `/api/sale/order/continue/payment/${order.id}`, headers: h })).status,
    ).toBe(502);
    expect((await detailOf(h, order.id)).payments.map((p) => p.status)).toEqual(['pending']);
    await server.database.db.execute(
      sql`update payment set created_at = now() - interval '2 minutes' where order_id = ${order.id}`,
    );
    await server.call({ url: `/api/sale/order/continue/payment/${order.id}`, headers: h });
    expect((await detailOf(h, order.id)).payments.map((p) => p.status)).toEqual(['expired', 'pending']);
  });

  it('makes one session of a double click, and gives the open one again on the next visit', async () => {
    const { h, order } = await orderOfNewMember();
    const [a, b] = await Promise.all([
      startStripePayment(server, standIn, h, order.id),
      startStripePayment(server, standIn, h, order.id),
    ]);
    expect(b.sessionId).toBe(a.sessionId);
    const again = await startStripePayment(server, standIn, h, order.id);
    expect(again.sessionId).toBe(a.sessionId);
    const sessionsOfOrder = [...standIn.sessions.values()].filter(
      (s) => s.client_reference_id === order.orderNo,
    );
    expect(sessionsOfOrder).toHaveLength(1);
    expect((await detailOf(h, order.id)).payments).toHaveLength(1);
  });

  it('keeps the order payable when the card is declined on the page or a delayed payment fails', async () => {
    const { h, order } = await orderOfNewMember();
    const { redirectUrl, sessionId } = await startStripePayment(server, standIn, h, order.id);
    const declined = await pressOnPage(redirectUrl, 'decline');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    // Stripe keeps the session open for another card: the member goes back to it.
    expect((await startStripePayment(server, standIn, h, order.id)).sessionId).toBe(sessionId);
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.pendingPayment);

    // A delayed method (a bank debit): completed unpaid, then failed.
    expect(JSON.parse((await standIn.pay(sessionId, { paymentStatus: 'unpaid' })).body).data.result).toBe(
      'ignored',
    );
    expect(JSON.parse((await standIn.asyncResult(sessionId, false)).body).data.result).toBe('applied');
    const detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments.map((p) => p.status)).toEqual(['declined']);
    expect(detail.timeline.map((e) => e.kind)).toContain('payment_declined');
    // A new attempt may pay it.
    const next = await startStripePayment(server, standIn, h, order.id);
    expect(next.sessionId).not.toBe(sessionId);
    await standIn.pay(next.sessionId);
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.toShip);
  });

  it('pays through a delayed payment method when its success comes', async () => {
    const { h, order } = await orderOfNewMember();
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    await standIn.pay(sessionId, { paymentStatus: 'unpaid' });
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.pendingPayment);
    expect(JSON.parse((await standIn.asyncResult(sessionId, true)).body).data.result).toBe('applied');
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.toShip);
  });

  it('leaves the order payable when the session expires; continue/payment makes a new one', async () => {
    const { h, order } = await orderOfNewMember();
    const first = await startStripePayment(server, standIn, h, order.id);
    // Expired through Stripe's API; Stripe then sends checkout.session.expired.
    await stripeApi().checkout.sessions.expire(first.sessionId);
    await standIn.idle();
    expect(standIn.deliveries.at(-1)!.event.type).toBe('checkout.session.expired');
    let detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments.map((p) => p.status)).toEqual(['expired']);

    const second = await startStripePayment(server, standIn, h, order.id);
    expect(second.sessionId).not.toBe(first.sessionId);
    // Expired at Stripe before its event reached the shop: continue/payment asks Stripe and makes another.
    standIn.sessions.get(second.sessionId)!.status = 'expired';
    const third = await startStripePayment(server, standIn, h, order.id);
    expect(third.sessionId).not.toBe(second.sessionId);
    await standIn.pay(third.sessionId);
    detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.toShip);
    expect(detail.payments.map((p) => p.status)).toEqual(['expired', 'expired', 'succeeded']);
  });

  it('handles a replayed event once', async () => {
    const { h, order } = await orderOfNewMember();
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    const first = await standIn.pay(sessionId);
    expect(JSON.parse(first.body).data.result).toBe('applied');
    const replay = await standIn.send(first.event);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body).data.result).toBe('already');
    const detail = await detailOf(h, order.id);
    expect(detail.timeline.filter((e) => e.kind === 'paid')).toHaveLength(1);
    const stored = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from payment_event where provider = 'stripe' and event_id = ${first.event.id}`,
    );
    expect(stored[0]!.n).toBe(1);
  });

  it('refuses an event with a forged or missing signature and changes nothing', async () => {
    const { h, order } = await orderOfNewMember();
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    const session = standIn.sessions.get(sessionId)!;
    const event = {
      id: 'evt_test_forged0001',
      object: 'event' as const,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      livemode: false as const,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_forged' },
      },
    };
    const forged = await standIn.send(event, { secret: 'whsec_someoneelse0000000000' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).message).toBe(
      'stripe-signature: The signature of this event is not valid.',
    );
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // The body changed after signing.
    const body = JSON.stringify(event);
    const signature = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
      payload: body,
      secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    });
    const tampered = await server.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body.replace('"amount_total": 4223', '"amount_total": 1').replace('4223', '1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await detailOf(h, order.id)).status).toBe(ORDER_STATUS.pendingPayment);
    // Nothing was stored of it: the same event properly signed is still taken.
    const real = await standIn.send(event);
    expect(JSON.parse(real.body).data.result).toBe('applied');
  });

  it('gives back a payment of another amount or currency by itself and records it on the order', async () => {
    const { h, order } = await orderOfNewMember();
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    const wrong = await standIn.pay(sessionId, { amountTotal: 4123 });
    expect(JSON.parse(wrong.body).data.result).toBe('refunded');
    const refund = [...standIn.refunds.values()].find(
      (r) => r.payment_intent === standIn.sessions.get(sessionId)!.payment_intent,
    )!;
    expect(refund).toMatchObject({ amount: 4123, currency: 'nzd', metadata: { reason: 'amount_mismatch' } });
    let detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.pendingPayment);
    expect(detail.payments).toMatchObject([
      { status: 'refunded', refunds: [{ amount: 41.23, status: 'pending', reason: 'amount_mismatch' }] },
    ]);
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'payment_refunded' });
    expect(detail.timeline.at(-1)!.note).toContain('$41.23');

    // Its refund settles by webhook.
    expect(JSON.parse((await standIn.settleRefund(refund.id)).body).data.result).toBe('applied');
    detail = await detailOf(h, order.id);
    expect(detail.payments[0]!.refunds[0]!.status).toBe('succeeded');
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'refund_updated',
      note: 'Refund of $41.23: given back',
    });

    // Another currency: given back too; then a right payment pays it.
    const other = await startStripePayment(server, standIn, h, order.id);
    expect(JSON.parse((await standIn.pay(other.sessionId, { currency: 'aud' })).body).data.result).toBe(
      'refunded',
    );
    const right = await startStripePayment(server, standIn, h, order.id);
    await standIn.pay(right.sessionId);
    detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.toShip);
    expect(detail.payments.map((p) => p.status)).toEqual(['refunded', 'refunded', 'succeeded']);
  });

  it('gives back a payment for an order that closed or was already paid', async () => {
    const closed = await orderOfNewMember();
    const late = await startStripePayment(server, standIn, closed.h, closed.order.id);
    expect((await api.call(closed.h, 'PATCH', `/api/sale/order/cancel/${closed.order.id}`)).status).toBe(200);
    expect(JSON.parse((await standIn.pay(late.sessionId)).body).data.result).toBe('refunded');
    let detail = await detailOf(closed.h, closed.order.id);
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.payments[0]!.refunds).toMatchObject([{ reason: 'order_closed', amount: 42.23 }]);

    const twice = await orderOfNewMember();
    const a = await startStripePayment(server, standIn, twice.h, twice.order.id);
    // The first page expired at Stripe; the member paid a second one; then the first's payment arrives.
    standIn.sessions.get(a.sessionId)!.status = 'expired';
    const b = await startStripePayment(server, standIn, twice.h, twice.order.id);
    await standIn.pay(b.sessionId);
    expect(JSON.parse((await standIn.pay(a.sessionId)).body).data.result).toBe('refunded');
    detail = await detailOf(twice.h, twice.order.id);
    expect(detail).toMatchObject({ status: ORDER_STATUS.toShip, payStatus: PAY_STATUS.paid });
    expect(detail.payments.map((p) => [p.status, p.refunds.map((r) => r.reason)])).toEqual([
      ['refunded', ['already_paid']],
      ['succeeded', []],
    ]);
  });

  it('logs a payment of no order of this shop and answers 2xx so Stripe stops sending it', async () => {
    const answer = await standIn.emit('checkout.session.completed', {
      id: 'cs_test_otherShop',
      object: 'checkout.session',
      amount_total: 1000,
      currency: 'nzd',
      client_reference_id: 'KM000000000000',
      metadata: { payment_reference: 'pay_000000000000000000000000' },
      payment_intent: 'pi_test_otherShop',
      payment_status: 'paid',
      status: 'complete',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.result).toBe('unknown');
    // Events the shop does not use are taken and ignored.
    expect(JSON.parse((await standIn.emit('customer.created', { id: 'cus_test_1' })).body).data.result).toBe(
      'ignored',
    );
  });

  it('refunds the gateway part of a cancelled paid order through Stripe; its state arrives by webhook', async () => {
    const { h, order } = await orderOfNewMember(2000);
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    await standIn.pay(sessionId);
    const res = await server.call<{ gatewayCents: number; cardCents: number }>({
      method: 'POST',
      url: '/api/admin/orders/refund',
      headers: (await signInOperator(server, 'orders')).headers,
      payload: { orderNo: order.orderNo },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ gatewayCents: 2223, cardCents: 2000 });
    const made = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(made.form).toMatchObject({
      payment_intent: standIn.sessions.get(sessionId)!.payment_intent,
      amount: '2223',
    });
    expect(made.idempotencyKey).toMatch(/^refund-pay_[0-9a-f]{24}-operator-2223$/);
    await standIn.idle();

    let detail = await detailOf(h, order.id);
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.refunds.map((r) => [r.to, r.amount])).toEqual([
      ['gateway', 22.23],
      ['cashCard', 20],
    ]);
    expect(detail.payments[0]!.refunds).toMatchObject([
      { amount: 22.23, status: 'pending', reason: 'operator' },
    ]);

    const refund = [...standIn.refunds.values()].find(
      (r) => r.amount === 2223 && r.metadata.reason === 'operator',
    )!;
    await standIn.settleRefund(refund.id);
    detail = await detailOf(h, order.id);
    expect(detail.payments[0]!.refunds[0]!.status).toBe('succeeded');
    // A late `refund.created` does not take it back to pending.
    expect(
      JSON.parse((await standIn.emit('refund.created', { ...refund, status: 'pending' })).body).data.result,
    ).toBe('already');
    expect((await detailOf(h, order.id)).payments[0]!.refunds[0]!.status).toBe('succeeded');
  });

  it('records a refund whose webhook comes before the shop wrote it down', async () => {
    const { h, order } = await orderOfNewMember();
    const { sessionId } = await startStripePayment(server, standIn, h, order.id);
    await standIn.pay(sessionId);
    const [payment] = await rowsOf<{ reference: string }>(
      server.database.db,
      sql`select reference from payment where order_id = ${order.id}`,
    );
    const answer = await standIn.emit('refund.updated', {
      id: 're_test_early0001',
      object: 'refund',
      amount: 1000,
      currency: 'nzd',
      payment_intent: standIn.sessions.get(sessionId)!.payment_intent,
      status: 'succeeded',
      metadata: { payment_reference: payment!.reference, reason: 'operator' },
    });
    expect(JSON.parse(answer.body).data.result).toBe('applied');
    expect((await detailOf(h, order.id)).payments[0]!.refunds).toMatchObject([
      { amount: 10, status: 'succeeded', reason: 'operator' },
    ]);
  });

  it('sells a club plan through Stripe', async () => {
    const email = uniqueEmail('club');
    const h = bearer(await registerMember(server, 'retail', { userAccount: email }));
    const plans = await server.call<{ id: number; months: number }[]>({
      url: `/api${WALLET_CALLS.clubPlans}`,
    });
    const plan = plans.body.data[0]!;
    const start = await server.call<{ orderId: number; redirectUrl: string }>({
      url: `/api${WALLET_CALLS.clubPay.replace(':id', String(plan.id))}`,
      headers: h,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const sessionId = start.body.data.redirectUrl.split('/').at(-1)!;
    expect(standIn.sessions.get(sessionId)!.customer_email).toBe(email);
    await standIn.pay(sessionId);
    const club = await server.call<ClubStatus>({ url: `/api${WALLET_CALLS.clubStatus}`, headers: h });
    expect(club.body.data.vip).toBe(true);
  });
});
