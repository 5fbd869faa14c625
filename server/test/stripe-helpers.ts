import type { PaymentStart } from '@mall/shared/contract/order';
import { expect } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../src/modules/payment/stripe-routes.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { ORDER_TEST_ENV } from './order-helpers.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

/** Test keys of the shop and of the stand-in Stripe (docs/payment.md: Stripe). */
export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin4kauri0mall',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin4kauri0mall0webhook',
};

/** The environment of a shop that takes payments with Stripe at the stand-in `apiUrl`. */
export const stripeEnv = (apiUrl: string) => ({
  ...ORDER_TEST_ENV,
  PAYMENT_PROVIDER: 'stripe',
  ...STRIPE_TEST_KEYS,
  STRIPE_API_URL: apiUrl,
});

/** The stand-in's events reach `server` through Fastify's router, as Stripe's HTTP call would. */
export const deliverByInject = (server: TestServer) => async (body: string, signature: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });
  return { status: res.statusCode, body: res.body };
};

/** A stand-in Stripe and a shop on it whose webhook it calls. */
export const startStripeShop = async (
  opts: { seed?: boolean; env?: Record<string, string>; logger?: object } = {},
) => {
  const standIn = await startStripeStandIn({
    secretKey: STRIPE_TEST_KEYS.STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
  });
  const server = await startTestServer({
    seed: opts.seed ?? true,
    env: { ...stripeEnv(standIn.url), ...opts.env },
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  standIn.deliverTo(deliverByInject(server));
  return {
    standIn,
    server,
    close: async () => {
      await standIn.idle();
      await server.close();
      await standIn.close();
    },
  };
};

/** The Checkout Session id of a redirect to the stand-in's hosted page. */
export const sessionIdOf = (standIn: StripeStandIn, redirectUrl: string) => {
  expect(redirectUrl.startsWith(`${standIn.url}/checkout/cs_test_`), redirectUrl).toBe(true);
  return redirectUrl.split('/').at(-1)!;
};

/** Starts paying order `orderId` (continue/payment): its Checkout Session id and redirect. */
export const startStripePayment = async (
  server: TestServer,
  standIn: StripeStandIn,
  h: Record<string, string>,
  orderId: number,
) => {
  const res = await server.call<PaymentStart>({
    url: `/api/sale/order/continue/payment/${orderId}`,
    headers: h,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    redirectUrl: res.body.data.redirectUrl,
    sessionId: sessionIdOf(standIn, res.body.data.redirectUrl),
  };
};

/** The member presses a button on the stand-in's hosted page: its HTTP answer (redirects not followed). */
export const pressOnPage = (redirectUrl: string, button: 'pay' | 'decline') =>
  fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' });
