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
import { organisation } from '../reference/tables.ts';

/**
 * A member of the shop (docs/accounts.md: members): retail (nickname, driver licence, address, VIP) or
 * wholesale (company trading name, company number, NZBN, company address, contact name).
 * Members sign in with their e-mail (unique whatever its case) or their phone (unique when given).
 */
export const member = pgTable(
  'member',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['retail', 'wholesale'] }).notNull(),
    /** Kept as entered; compared lower-case. */
    email: text('email').notNull(),
    /** Digits only; '' when the member gave none. */
    phone: text('phone').notNull().default(''),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Nickname (retail) or contact name (wholesale). */
    userName: text('user_name').notNull(),
    /** R000123 for retail, W000045 for wholesale members. */
    memberNo: text('member_no')
      .notNull()
      .generatedAlwaysAs(
        sql`(case when kind = 'wholesale' then 'W' else 'R' end) || (case when id < 1000000 then lpad(id::text, 6, '0') else id::text end)`,
      ),
    driverLicence: text('driver_licence'),
    address: text('address'),
    /** Club card number, given with the membership (wallet issue). */
    cardNo: text('card_no'),
    vip: boolean('vip').notNull().default(false),
    /** When the club membership ends; null while `vip` has no end (or is false). */
    vipUntil: timestamp('vip_until', { withTimezone: true }),
    /** A picture this member uploaded (/uploads/avatars/{id}/...). */
    avatarUrl: text('avatar_url'),
    /** The member's home organisation (store), when they have one. */
    orgId: integer('org_id').references(() => organisation.id, { onDelete: 'set null' }),
    companyTradingName: text('company_trading_name'),
    companyNumber: text('company_number'),
    nzbn: text('nzbn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the shop has disabled the member (back office): no login, no live session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    check('member_kind_check', sql`${t.kind} in ('retail', 'wholesale')`),
    check('member_phone_check', sql`${t.phone} ~ '^[0-9]*$'`),
    check(
      'member_wholesale_check',
      sql`${t.kind} = 'retail' or (${t.companyTradingName} is not null and ${t.companyNumber} is not null and ${t.nzbn} is not null)`,
    ),
    uniqueIndex('member_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('member_phone_unique').on(t.phone).where(sql`${t.phone} <> ''`),
    index('member_org_idx').on(t.orgId),
    // The back office's member search matches the start of an e-mail, phone or name, and lists
    // them in that order: byte order ("C"), so one index answers both (customer/member-admin.ts).
    index('member_email_prefix_idx').on(sql`(lower(${t.email}) collate "C")`, t.id),
    index('member_phone_prefix_idx').on(sql`(${t.phone} collate "C")`, t.id),
    index('member_name_prefix_idx').on(sql`(lower(${t.userName}) collate "C")`, t.id),
  ],
);
