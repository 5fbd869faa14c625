import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { saleOrder } from '../order/tables.ts';

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
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_reference_unique').on(t.reference),
    index('payment_order_idx').on(t.orderId),
    check('payment_status_check', sql`${t.status} in ('pending', 'succeeded', 'declined')`),
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
    status: text('status').notNull().default('succeeded'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refund_reference_unique').on(t.reference),
    index('payment_refund_payment_idx').on(t.paymentId),
    check('payment_refund_amount_check', sql`${t.amountCents} > 0`),
    check('payment_refund_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
