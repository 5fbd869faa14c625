import type Stripe from 'stripe';
import { AppError, conflict } from '../../lib/errors.ts';
import { loadStripe } from '../../lib/libraries.ts';
import type { AttemptState, PaymentProvider, RefundStatus } from './provider.ts';
import { noticePath } from './service.ts';

/**
 * Stripe Checkout (docs/payment.md: Stripe): each attempt is a Checkout Session in NZD for the
 * exact amount the gateway is asked, named by the order number, with the member's e-mail; the
 * member pays on Stripe's page and comes back to the payment notice (or, cancelling, to the
 * payment page). The result comes by webhook (stripe-webhook.ts). Every call that creates
 * something carries an idempotency key, so a retry or a double click makes one of it.
 */

export const STRIPE_CURRENCY = 'nzd';

export interface StripeSettings {
  secretKey: string;
  /** Stripe's API (unset: api.stripe.com); tests point it at a local stand-in. */
  apiUrl: string | undefined;
}

/**
 * The official library's client, pointed at `apiUrl` when set (host, port and protocol). The
 * library is loaded here, so only a shop that takes payments through Stripe loads it.
 */
export const stripeClient = async (s: StripeSettings): Promise<Stripe> => {
  const api = s.apiUrl ? new URL(s.apiUrl) : null;
  const Stripe = await loadStripe();
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
};

/**
 * Stripe refused or could not be reached (after the library's own retries): 502 with Stripe's
 * words, which are plain (e.g. the amount is below Stripe's minimum), never a 500.
 */
const gatewayAnswer = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof (await loadStripe()).errors.StripeError)
      throw new AppError(502, `The payment gateway did not take this: ${err.message}`);
    throw err;
  }
};

/** Stripe's refund statuses in ours: still going (pending, requires_action), done, or not (failed, canceled). */
export const refundStatusOf = (status: string | null): RefundStatus =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

/** A Checkout Session's status in ours: open, complete (paid or being paid), expired. */
const attemptStateOf = (status: Stripe.Checkout.Session['status']): AttemptState =>
  status === 'open' ? 'open' : status === 'complete' ? 'complete' : 'expired';

export const stripeProvider = (client: Promise<Stripe>, shopUrl: string): PaymentProvider => ({
  name: 'stripe',
  start: async (p) => {
    const stripe = await client;
    const metadata = { payment_reference: p.reference, order_no: p.orderNo };
    const session = await gatewayAnswer(() =>
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: STRIPE_CURRENCY,
                unit_amount: p.amountCents,
                product_data: { name: `Order ${p.orderNo}` },
              },
            },
          ],
          client_reference_id: p.orderNo,
          ...(p.email ? { customer_email: p.email } : {}),
          metadata,
          payment_intent_data: { metadata },
          success_url: `${shopUrl}${noticePath(p.orderId)}`,
          cancel_url: `${shopUrl}/pages/order/pay/index?orderId=${p.orderId}`,
          expires_at: Math.floor(p.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${p.reference}` },
      ),
    );
    if (!session.url) throw conflict('Stripe did not answer a page to pay on.');
    return { redirectUrl: session.url, providerRef: session.id };
  },
  attemptState: async (sessionId) => {
    const stripe = await client;
    return attemptStateOf((await gatewayAnswer(() => stripe.checkout.sessions.retrieve(sessionId))).status);
  },
  refund: async (r) => {
    const stripe = await client;
    const paymentIntent = r.providerPaymentRef;
    if (!paymentIntent) throw conflict(`Payment ${r.paymentReference} has no Stripe payment to refund.`);
    const refund = await gatewayAnswer(() =>
      stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: r.amountCents,
          metadata: { payment_reference: r.paymentReference, reason: r.reason },
        },
        { idempotencyKey: `refund-${r.paymentReference}-${r.reason}-${r.amountCents}` },
      ),
    );
    return { reference: refund.id, status: refundStatusOf(refund.status) };
  },
});
