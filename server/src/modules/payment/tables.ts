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
