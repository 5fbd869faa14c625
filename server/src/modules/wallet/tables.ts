import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { category } from '../catalogue/tables.ts';
import { member } from '../customer/tables.ts';
import { saleOrder } from '../order/tables.ts';
import { supplier } from '../reference/tables.ts';

/**
 * The member's wallet (docs/wallet.md). Balances are ledgers: every change is a row that says by
 * how much, why, for which order, and what the balance was after it. The account (the member's
 * points account, or the card) carries its balance and the number of its last row: one statement
 * moves the account by a conditional update (`where balance + change >= 0`, which takes the
 * account's row lock and re-checks against the newest balance) and writes the row with the
 * balance and number the update answered. So rows follow each other one at a time, `seq`
 * numbers them without gaps (a unique index refuses a second row with the same number), the
 * account's balance is always its last row's `balance_after`, and checks keep both at 0 or more.
 */

/** One row per member who has a points ledger: their balance and the number of its last row. */
export const pointsAccount = pgTable(
  'points_account',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('points_account_balance_check', sql`${t.balance} >= 0 and ${t.seq} >= 0`)],
);

/** A prepaid cash card: sold with a number and a secret, added to one member's account. */
export const cashCard = pgTable(
  'cash_card',
  {
    id: serial('id').primaryKey(),
    /** 16 digits, printed on the card. */
    cardNo: text('card_no').notNull(),
    /** argon2id of the 6-digit secret under the scratch panel. */
    secretHash: text('secret_hash').notNull(),
    faceCents: integer('face_cents').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The member whose account holds it; null until it is added. */
    memberId: integer('member_id').references(() => member.id),
    addedAt: timestamp('added_at', { withTimezone: true }),
    /** The balance after the card's last `cash_card_entry` row, and that row's `seq`. */
    balanceCents: integer('balance_cents').notNull().default(0),
    entrySeq: integer('entry_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_card_no_unique').on(t.cardNo),
    index('cash_card_member_idx').on(t.memberId, t.expiresAt),
    check('cash_card_no_check', sql`${t.cardNo} ~ '^[0-9]{16}$'`),
    check('cash_card_face_check', sql`${t.faceCents} > 0`),
    // Fair Trading (Gift Cards) Amendment: cards sold from 16 March 2026 last at least 3 years.
    check(
      'cash_card_expiry_check',
      sql`${t.soldAt} < '2026-03-16T00:00:00+13:00' or ${t.expiresAt} >= ${t.soldAt} + interval '3 years'`,
    ),
    check('cash_card_added_check', sql`(${t.memberId} is null) = (${t.addedAt} is null)`),
    check('cash_card_balance_check', sql`${t.balanceCents} >= 0 and ${t.entrySeq} >= 0`),
  ],
);

/** Every change of a cash card's balance. */
export const cashCardEntry = pgTable(
  'cash_card_entry',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cashCard.id),
    seq: integer('seq').notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    reason: text('reason', { enum: ['issued', 'spent', 'refund', 'cancelled', 'adjustment'] }).notNull(),
    orderId: integer('order_id').references(() => saleOrder.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_card_entry_seq_unique').on(t.cardId, t.seq),
    index('cash_card_entry_order_idx').on(t.orderId),
    check('cash_card_entry_balance_check', sql`${t.balanceAfterCents} >= 0`),
    check('cash_card_entry_amount_check', sql`${t.amountCents} <> 0`),
    check(
      'cash_card_entry_reason_check',
      sql`${t.reason} in ('issued', 'spent', 'refund', 'cancelled', 'adjustment')`,
    ),
  ],
);

/** Every change of a member's points. `reason` is a POINT_SOURCE code (`@mall/shared/codes`). */
export const pointEntry = pgTable(
  'point_entry',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => saleOrder.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_entry_seq_unique').on(t.memberId, t.seq),
    index('point_entry_order_idx').on(t.orderId),
    check('point_entry_balance_check', sql`${t.balanceAfter} >= 0`),
    check('point_entry_points_check', sql`${t.points} <> 0`),
  ],
);

/**
 * What a discount card or coupon takes off and where (docs/wallet.md: coupons and discount
 * cards). A coupon offer has a code members claim; a card offer is given to members by the shop.
 * `total_limit` caps how many members may hold it; `given_count` only grows by a conditional
 * update, so concurrency cannot pass the cap.
 */
export const discountOffer = pgTable(
  'discount_offer',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['card', 'coupon'] }).notNull(),
    title: text('title').notNull(),
    /** Upper case; coupons only. */
    code: text('code'),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    supplierId: integer('supplier_id').references(() => supplier.id),
    categoryId: integer('category_id').references(() => category.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    totalLimit: integer('total_limit'),
    givenCount: integer('given_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_offer_code_unique').on(t.code),
    check('discount_offer_source_check', sql`${t.source} in ('card', 'coupon')`),
    check('discount_offer_code_check', sql`(${t.source} = 'coupon') = (${t.code} is not null)`),
    check(
      'discount_offer_kind_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null)
        or (${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check('discount_offer_min_spend_check', sql`${t.minSpendCents} >= 0`),
    check('discount_offer_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'discount_offer_limit_check',
      sql`${t.givenCount} >= 0 and (${t.totalLimit} is null or ${t.givenCount} <= ${t.totalLimit})`,
    ),
  ],
);

/**
 * A member's discount card or claimed coupon. Used by at most one order at a time: `order_id`
 * is set by a conditional update (`where order_id is null`) and cleared when that order closes
 * or is refunded; each use and release is a `discount_entry` row.
 */
export const memberDiscount = pgTable(
  'member_discount',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => discountOffer.id),
    source: text('source', { enum: ['card', 'coupon'] }).notNull(),
    orderId: integer('order_id').references(() => saleOrder.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A coupon is claimed once per member.
    uniqueIndex('member_discount_coupon_unique').on(t.memberId, t.offerId).where(sql`${t.source} = 'coupon'`),
    index('member_discount_member_idx').on(t.memberId, t.receivedAt.desc()),
    uniqueIndex('member_discount_order_unique').on(t.orderId),
  ],
);

/** Every use of a discount by an order, and every release when the order closed or was refunded. */
export const discountEntry = pgTable(
  'discount_entry',
  {
    id: serial('id').primaryKey(),
    memberDiscountId: integer('member_discount_id')
      .notNull()
      .references(() => memberDiscount.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id),
    change: text('change', { enum: ['use', 'release'] }).notNull(),
    discountCents: integer('discount_cents').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_entry_discount_idx').on(t.memberDiscountId, t.at),
    check('discount_entry_change_check', sql`${t.change} in ('use', 'release')`),
    check('discount_entry_cents_check', sql`${t.discountCents} >= 0`),
  ],
);
