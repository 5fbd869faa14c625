import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { shopUrlOf } from '../../config.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PaidHooks } from '../order/index.ts';
import { checkedStripeEvent } from './stripe-event.ts';
import { stripeClient, stripeProvider } from './stripe-provider.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

/** Where Stripe sends the shop's events (README: taking card payments with Stripe). */
export const STRIPE_WEBHOOK_PATH = '/api/payment/stripe/webhook';

const SIGNATURE_INVALID = { field: 'stripe-signature', message: 'The signature of this event is not valid.' };

/**
 * Stripe's webhook (docs/payment.md: Stripe), registered when the Stripe keys are set: the body is
 * kept as the bytes Stripe signed, checked with the library's helper against STRIPE_WEBHOOK_SECRET,
 * and only then read. A wrong or missing signature is 400 and changes nothing, and so is a signed
 * event of a shape Stripe never sends (stripe-event.ts).
 */
export const stripeRoutes = async (root: FastifyInstance, opts: { paid: PaidHooks }) => {
  const settings = root.config.payment.stripe;
  if (!settings) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const stripe = await stripeClient(settings);
  const deps = {
    db: app.db,
    paid: opts.paid,
    provider: stripeProvider(Promise.resolve(stripe), shopUrlOf(app.config)),
    warn: (data: Record<string, unknown>, message: string) => app.log.warn(data, message),
  };
  // This plugin's own body parsing: every body as its raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      schema: {
        tags: ['payment'],
        summary:
          "Stripe's events (signed, Stripe-Signature header): a payment's result, an expired Checkout Session, a refund's state. Each event is handled once",
        response: {
          200: envelopeOf(
            z.object({ result: z.enum(['applied', 'refunded', 'already', 'ignored', 'unknown']) }),
          ),
        },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest(SIGNATURE_INVALID);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, settings.webhookSecret);
      } catch {
        throw badRequest(SIGNATURE_INVALID);
      }
      return ok({ result: await handleStripeEvent(deps, checkedStripeEvent(event)) });
    },
  );
};
