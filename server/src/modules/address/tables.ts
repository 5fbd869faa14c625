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

/**
 * A member's shipping address in New Zealand (docs/orders.md: addresses). `region` is an ISO 3166-2:NZ code
 * (`@mall/shared/nz-regions`), which gives the island. At most one default per member.
 */
export const address = pgTable(
  'address',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    suburb: text('suburb').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postcode: text('postcode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('address_member_idx').on(t.memberId),
    uniqueIndex('address_one_default_per_member').on(t.memberId).where(sql`${t.isDefault}`),
    check('address_postcode_check', sql`${t.postcode} ~ '^[0-9]{4}$'`),
  ],
);
