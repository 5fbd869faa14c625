import type Stripe from 'stripe';
import { z } from 'zod';
import { NUL_MESSAGE, parseOrBadRequest } from '../../lib/validate.ts';

/**
 * The shape of a verified Stripe event, checked before the shop reads it (docs/payment.md:
 * Stripe). A signature proves who sent the bytes, not what they hold: an event of a shape Stripe
 * never sends (no id, no object, a NUL in an id, an amount that is not whole cents) is 400 naming
 * the field and changes nothing, rather than a 500 that Stripe would retry for days. Only the
 * fields the shop reads are checked; everything else Stripe adds passes through.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE);

/** Stripe's ids are short printable ASCII (evt_…, cs_…, pi_…, re_…). */
const stripeId = z
  .string()
  .min(1, 'is required')
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'is not a Stripe id');

const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const metadata = z.record(z.string(), text(500)).nullish();
const expandable = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();

const sessionSchema = z.looseObject({
  id: stripeId,
  metadata,
  client_reference_id: text(255).nullish(),
  amount_total: cents.nullish(),
  currency: text(10).nullish(),
  payment_intent: expandable,
  payment_status: text(50).nullish(),
});

const refundSchema = z.looseObject({
  id: stripeId,
  amount: cents,
  currency: text(10).nullish(),
  status: text(50).nullish(),
  metadata,
  payment_intent: expandable,
});

const eventSchema = z.looseObject({
  id: stripeId,
  type: text(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The types whose object the shop reads (stripe-webhook.ts), and the object's shape for each. */
const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  'checkout.session.completed': sessionSchema,
  'checkout.session.async_payment_succeeded': sessionSchema,
  'checkout.session.async_payment_failed': sessionSchema,
  'checkout.session.expired': sessionSchema,
  'refund.created': refundSchema,
  'refund.updated': refundSchema,
  'refund.failed': refundSchema,
  'charge.refund.updated': refundSchema,
};

/** `event` when it has the shape the shop reads, else 400 naming the field (e.g. `data.object.id`). */
export const checkedStripeEvent = (event: Stripe.Event): Stripe.Event => {
  const { type } = parseOrBadRequest(eventSchema, event);
  const objectSchema = OBJECT_SCHEMAS[type];
  if (objectSchema) parseOrBadRequest(z.object({ data: z.object({ object: objectSchema }) }), event);
  return event;
};
