import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sku } from '../catalogue/tables.ts';
import { member } from '../customer/tables.ts';

/**
 * A line of a member's cart (docs/cart.md: a cart line). Guests' carts live in the
 * browser; a member's lives here, so it is the same in every browser. One line per SKU (counts of
 * the same SKU merge); listed newest first.
 *
 * `sku_id` references the SKU without a cascade: a SKU held in a cart cannot be deleted (the
 * catalogue disables goods instead), so a line is never dropped behind the member's back. Lines of
 * disabled goods or suppliers stay and are answered with stock 0 until the member removes them.
 */
export const cartLine = pgTable(
  'cart_line',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id),
    count: integer('count').notNull(),
    checked: boolean('checked').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_line_count_check', sql`${t.count} > 0`),
    uniqueIndex('cart_line_member_sku_unique').on(t.memberId, t.skuId),
    // The cart is listed newest first: (created_at desc, id desc) within the member.
    index('cart_line_member_newest_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('cart_line_sku_idx').on(t.skuId),
  ],
);

/**
 * The version of a member's cart, raised by every change (service.ts). A change decides on what
 * it read and writes only if the version is still the one it read; a change in a transaction
 * raises it first, which also locks the cart against every other change until it commits.
 */
export const cartVersion = pgTable('cart_version', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
});
