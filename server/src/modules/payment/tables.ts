import type { OrderDetail } from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { saleOrder } from '../order/tables.ts';

/** A payment as an order's detail shows it: its states, and its refunds' states and reasons (the checks below). */
type PaymentShown = OrderDetail['payments'][number];
type RefundShown = PaymentShown['refunds'][number];

/**
 * An attempt to pay an order through a provider (docs/payment.md). `reference` is ours, sent to the
 * provider and signed back in its callback; a callback for a payment that already has its result
 * changes nothing (replays are harmless).
 */
export const payment = pgTable(
  'payment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    status: text('status').$type<PaymentShown['status']>().notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    cardLast4: text('card_last4'),
    /** The provider's own id of this attempt (a Stripe Checkout Session), once it made one. */
    providerRef: text('provider_ref'),
    /** Where the member pays this attempt at the provider (a Checkout Session's page). */
    redirectUrl: text('redirect_url'),
    /** When the provider stops taking this attempt (a Checkout Session's expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The provider's id of the money taken (a Stripe PaymentIntent), what a refund names. */
    providerPaymentRef: text('provider_payment_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_reference_unique').on(t.reference),
    uniqueIndex('payment_provider_ref_unique').on(t.provider, t.providerRef),
    index('payment_order_idx').on(t.orderId),
    check(
      'payment_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'declined', 'expired', 'refunded')`,
    ),
  ],
);

/** Money a provider was asked to give back for a payment (docs/payment.md: refunds). */
export const paymentRefund = pgTable(
  'payment_refund',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's reference of the refund. */
    reference: text('reference').notNull(),
    status: text('status').$type<RefundShown['status']>().notNull().default('succeeded'),
    /** Why: the operator's refund of the order, or given back by itself (docs/payment.md: refunds). */
    reason: text('reason').$type<RefundShown['reason']>().notNull().default('operator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refund_reference_unique').on(t.reference),
    index('payment_refund_payment_idx').on(t.paymentId),
    check('payment_refund_amount_check', sql`${t.amountCents} > 0`),
    check('payment_refund_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'payment_refund_reason_check',
      sql`${t.reason} in ('operator', 'amount_mismatch', 'order_closed', 'already_paid')`,
    ),
  ],
);

/**
 * The provider's webhook events the shop has handled, by the provider's event id: an event is
 * handled once, in the same transaction as what it changes, so a replay or a second process
 * receiving it at the same moment changes nothing (docs/payment.md: webhooks).
 */
export const paymentEvent = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
