import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { member } from '../customer/tables.ts';
import { saleOrder } from '../order/tables.ts';

/**
 * The club (docs/wallet.md: club membership): one club with one club price per SKU; a plan is a
 * length of membership at a price. Retail members only.
 */
export const clubPlan = pgTable(
  'club_plan',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    months: integer('months').notNull(),
    priceCents: integer('price_cents').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('club_plan_months_check', sql`${t.months} between 1 and 60`),
    check('club_plan_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A plan bought by a club order. Written when the order is placed; the payment fills in the
 * stretch it buys: a renewal starts where the member's membership ends (or at the payment, when
 * it has ended), and the member's `vip_until` becomes its `ends_at`.
 */
export const clubMembership = pgTable(
  'club_membership',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => clubPlan.id),
    /** The club order that paid for it. */
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id),
    planName: text('plan_name').notNull(),
    months: integer('months').notNull(),
    priceCents: integer('price_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_membership_order_unique').on(t.orderId),
    index('club_membership_member_idx').on(t.memberId, t.endsAt.desc()),
    check(
      'club_membership_paid_check',
      sql`(${t.paidAt} is null) = (${t.startsAt} is null) and (${t.paidAt} is null) = (${t.endsAt} is null)`,
    ),
    check('club_membership_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
