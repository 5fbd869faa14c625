import type { OrderAddress } from '@mall/shared/contract/order';
import type { OrderEventKind } from '@mall/shared/order-events';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { goods, sku } from '../catalogue/tables.ts';
import { member } from '../customer/tables.ts';
import { organisation, supplier } from '../reference/tables.ts';

/**
 * An order (docs/orders.md). Amounts in cents, GST-inclusive; `address` is a snapshot. `status` and
 * `pay_status` are the ORDER_STATUS and PAY_STATUS codes (`@mall/shared/codes`) as integers.
 * `idempotency_key` is the client's key of the submit: the same key gives the same order.
 * `org_id` is the stock organisation the units were taken from (and go back to).
 */
export const saleOrder = pgTable(
  'sale_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisation.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** `goods`, or `club` for a club plan (no lines, no stock, no shipping; `title` names it). */
    kind: text('kind', { enum: ['goods', 'club'] })
      .notNull()
      .default('goods'),
    title: text('title'),
    status: smallint('status').notNull().default(0),
    payStatus: smallint('pay_status').notNull().default(0),
    goodsCents: integer('goods_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    /** The one coupon or discount card (docs/wallet.md: the order of money). */
    discountCents: integer('discount_cents').notNull().default(0),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsCents: integer('points_cents').notNull().default(0),
    /** goods - discount - points + shipping: the price, GST-inclusive. */
    totalCents: integer('total_cents').notNull(),
    /** The part of the total paid from cash cards; the rest goes through the gateway. */
    cardCents: integer('card_cents').notNull().default(0),
    /** Points the order earns once completed. */
    pointsEarned: integer('points_earned').notNull().default(0),
    gstCents: integer('gst_cents').notNull(),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an unpaid order closes by itself. */
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who carries a shipped order, as the operator typed it (NZ Post, CourierPost, …). */
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    /** The units of its lines, and their suppliers' names (`supplierNamesOf`), for the lists. */
    itemCount: integer('item_count').notNull().default(0),
    supplierNames: text('supplier_names').notNull().default(''),
    /** Deleted by the member: hidden from them, kept for the books. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sale_order_no_unique').on(t.orderNo),
    uniqueIndex('sale_order_member_key_unique').on(t.memberId, t.idempotencyKey),
    index('sale_order_member_created_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    // The sweeper finds unpaid orders past their deadline without reading the others.
    index('sale_order_unpaid_deadline_idx').on(t.payDeadline).where(sql`${t.status} = 0`),
    // … and shipped orders due to complete by themselves, the same way.
    index('sale_order_shipped_idx').on(t.shippedAt).where(sql`${t.status} = 2`),
    // The back office's orders list: newest first, of one status (a tab) or all; the list's
    // counts and its amount and member filters read these alone (index-only scans; the
    // migration adds the INCLUDE columns, which drizzle-kit cannot write). Selective amount
    // ranges use the total's own index.
    index('sale_order_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('sale_order_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('sale_order_total_idx').on(t.totalCents),
    // … and within a tab: a count of an amount range or of the members a text names reads only
    // the matching entries of its status (an order-by-time scan would read every order of the tab
    // to find a few; prepared, PostgreSQL chose such plans and took over 100 ms).
    index('sale_order_status_total_idx').on(t.status, t.totalCents),
    index('sale_order_status_member_idx').on(t.status, t.memberId),
    check('sale_order_status_check', sql`${t.status} between 0 and 4`),
    check('sale_order_pay_status_check', sql`${t.payStatus} between 0 and 4`),
    check(
      'sale_order_amounts_check',
      sql`${t.goodsCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.pointsCents} >= 0
        and ${t.totalCents} = ${t.goodsCents} - ${t.discountCents} - ${t.pointsCents} + ${t.shippingCents}
        and ${t.totalCents} >= 0 and ${t.gstCents} >= 0
        and ${t.cardCents} between 0 and ${t.totalCents} and ${t.pointsUsed} >= 0 and ${t.pointsEarned} >= 0`,
    ),
    check('sale_order_kind_check', sql`${t.kind} in ('goods', 'club')`),
  ],
);

/** A line of an order: a snapshot of what was bought, at what price, from which supplier. */
export const saleOrderLine = pgTable(
  'sale_order_line',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    name: text('name').notNull(),
    skuLabel: text('sku_label').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    unitCents: integer('unit_cents').notNull(),
    count: integer('count').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** This line's share of the order's discount and of its points, to the cent. */
    discountCents: integer('discount_cents').notNull().default(0),
    pointsCents: integer('points_cents').notNull().default(0),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id),
    supplierCode: text('supplier_code').notNull(),
    supplierName: text('supplier_name').notNull(),
    self: boolean('self').notNull(),
  },
  (t) => [
    index('sale_order_line_order_idx').on(t.orderId),
    check('sale_order_line_count_check', sql`${t.count} > 0`),
    check('sale_order_line_amount_check', sql`${t.amountCents} = ${t.unitCents} * ${t.count}`),
    check(
      'sale_order_line_share_check',
      sql`${t.discountCents} >= 0 and ${t.pointsCents} >= 0 and ${t.discountCents} + ${t.pointsCents} <= ${t.amountCents}`,
    ),
  ],
);

/**
 * Each supplier an order buys from, with the order's status, time, total and member copied in,
 * for the back office's supplier filter (docs/back-office-orders.md): a supplier's tab, its count
 * and its date, amount and member filters read one of its indexes, newest first, instead of
 * probing every order's lines. Kept by triggers (migration 0028): an order line adds its row, a
 * change of the order's copied columns updates them, and the order's deletion takes them along.
 */
export const saleOrderSupplier = pgTable(
  'sale_order_supplier',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id),
    status: smallint('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    memberId: integer('member_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'sale_order_supplier_pkey', columns: [t.orderId, t.supplierId] }),
    // As sale_order's list indexes, within a supplier (the migration adds the INCLUDE columns).
    index('sale_order_supplier_created_idx').on(t.supplierId, t.createdAt.desc(), t.orderId.desc()),
    index('sale_order_supplier_status_idx').on(t.supplierId, t.status, t.createdAt.desc(), t.orderId.desc()),
  ],
);

/** What happened to an order, oldest first: its timeline. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_event_order_idx').on(t.orderId, t.at)],
);

/** A member's rating of an order line, once, after the order is completed. */
export const orderComment = pgTable(
  'order_comment',
  {
    id: serial('id').primaryKey(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => saleOrderLine.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_comment_line_unique').on(t.orderLineId),
    index('order_comment_goods_idx').on(t.goodsId, t.createdAt.desc()),
    index('order_comment_member_idx').on(t.memberId, t.createdAt.desc()),
    check('order_comment_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Where an order's money and points went back when it was cancelled or refunded (docs/wallet.md:
 * cancels and refunds), one row per destination; the order detail lists them.
 */
export const orderRefund = pgTable(
  'order_refund',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => saleOrder.id, { onDelete: 'cascade' }),
    to: text('to', { enum: ['gateway', 'cashCard', 'points', 'pointsTakenBack'] }).notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** The card the money went back to (a snapshot of its last four digits). */
    cardNoLast4: text('card_no_last4'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refund_order_idx').on(t.orderId, t.at),
    check('order_refund_to_check', sql`${t.to} in ('gateway', 'cashCard', 'points', 'pointsTakenBack')`),
    check('order_refund_amount_check', sql`${t.amountCents} >= 0 and ${t.points} >= 0`),
  ],
);
