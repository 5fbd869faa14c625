import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A named list of codes: a dictionary (labelled choices such as gender or NZ region) or an
 * enumeration (the stored values of a status, such as order status). See docs/calls.md: reference data.
 */
export const codeList = pgTable(
  'code_list',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['dict', 'enum'] }).notNull(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('code_list_kind_check', sql`${t.kind} in ('dict', 'enum')`),
    index('code_list_kind_sort_idx').on(t.kind, t.sort),
  ],
);

export const codeItem = pgTable(
  'code_item',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => codeList.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Optional grouping inside the list, e.g. the island of a region. */
    groupCode: text('group_code'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    unique('code_item_list_code_unique').on(t.listId, t.code),
    index('code_item_list_sort_idx').on(t.listId, t.sort),
  ],
);

/** A warehouse or store of the mall group; `nzStock` marks the one whose stock the storefront sells by default. */
export const organisation = pgTable(
  'organisation',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['warehouse', 'store'] }).notNull(),
    region: text('region').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    openHours: text('open_hours').notNull(),
    nzStock: boolean('nz_stock').notNull().default(false),
    onlineStore: boolean('online_store').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('organisation_kind_check', sql`${t.kind} in ('warehouse', 'store')`),
    // At most one organisation holds the New Zealand stock.
    uniqueIndex('organisation_nz_stock_unique').on(t.nzStock).where(sql`nz_stock`),
  ],
);

/** A supplier whose goods the mall sells; exactly one is the mall's own local store (`self`). */
export const supplier = pgTable(
  'supplier',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    self: boolean('self').notNull().default(false),
    websiteUrl: text('website_url'),
    logoUrl: text('logo_url'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    // At most one supplier is the mall's own store.
    uniqueIndex('supplier_self_unique').on(t.self).where(sql`self`),
    // Code '0' means "no supplier" in the storefront's top nav.
    check('supplier_code_check', sql`${t.code} <> '0'`),
  ],
);
