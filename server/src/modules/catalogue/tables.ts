import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisation, supplier } from '../reference/tables.ts';

/** PostgreSQL's full-text document type; written only by the `goods_search_refresh` trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A transaction id (64 bits; as text in JavaScript). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The category tree (docs/calls.md: catalogue and search): three levels, each level in `sort` order.
 * `key` is a stable slug (/api/good/category/key/{key}); `featured` puts it in the home hero.
 */
export const category = pgTable(
  'category',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => category.id, { onDelete: 'restrict' }),
    level: smallint('level').notNull(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    pictureUrl: text('picture_url'),
    sort: integer('sort').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [
    check('category_level_check', sql`${t.level} between 1 and 3`),
    // A top-level category has no parent; every other one has.
    check('category_parent_check', sql`(${t.level} = 1) = (${t.parentId} is null)`),
    check('category_key_check', sql`${t.key} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('category_parent_sort_idx').on(t.parentId, t.sort),
    index('category_name_trgm_idx').using('gin', sql`mall_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

/**
 * A good: what a shopper finds, with one or more SKUs. The price columns are the lowest of its
 * SKUs per tier (kept by the catalogue service), so lists sort and filter by price without
 * reading the SKUs. `top_category_id`, `sub_category_id`, `name_norm` and `search_vector` are
 * kept by the `goods_search_refresh` trigger (migration 0004).
 */
export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id),
    /** A third-level category. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id),
    name: text('name').notNull(),
    /** The maker's brand as the back office typed it; '' when not given. */
    brand: text('brand').notNull().default(''),
    /** HTML, sanitised when written (catalogue/description.ts). */
    description: text('description').notNull().default(''),
    /** Picture URLs, the first is the thumbnail. */
    pictures: text('pictures').array().notNull().default(sql`'{}'::text[]`),
    /** The SKU option names in display order, e.g. {colour,size}: jsonb does not keep key order. */
    optionNames: text('option_names').array().notNull().default(sql`'{}'::text[]`),
    retailCents: integer('retail_cents').notNull(),
    wholesaleCents: integer('wholesale_cents').notNull(),
    clubCents: integer('club_cents').notNull(),
    sales: integer('sales').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    topCategoryId: integer('top_category_id'),
    subCategoryId: integer('sub_category_id'),
    nameNorm: text('name_norm').notNull().default(''),
    searchVector: tsvector('search_vector'),
    /** The transaction that last wrote the good, its SKUs' codes or its promotions (migration 0036). */
    searchXid: xid8('search_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    check('goods_sales_check', sql`${t.sales} >= 0`),
    check(
      'goods_price_check',
      sql`${t.wholesaleCents} >= 0 and ${t.clubCents} >= 0 and ${t.retailCents} > 0`,
    ),
    index('goods_search_idx').using('gin', t.searchVector),
    // The search index's looks read the goods written since the last (search/goods-index-sync.ts).
    index('goods_search_xid_idx').on(t.searchXid),
    index('goods_name_trgm_idx').using('gin', t.nameNorm.op('gin_trgm_ops')),
    // Browsing a category by sales reads its goods in order, however few the category holds.
    index('goods_category_sales_idx').on(t.categoryId, t.sales.desc(), t.id),
    index('goods_sub_category_sales_idx').on(t.subCategoryId, t.sales.desc(), t.id),
    index('goods_top_category_sales_idx').on(t.topCategoryId, t.sales.desc(), t.id),
    index('goods_supplier_idx').on(t.supplierId),
    index('goods_sales_idx').on(t.sales.desc(), t.id),
    index('goods_created_idx').on(t.createdAt.desc(), t.id),
    index('goods_retail_idx').on(t.retailCents, t.id),
  ],
);

/**
 * How many shown-able (enabled) goods each third-level category holds per supplier, kept by the
 * `goods_count_refresh` trigger (migration 0006). Browsing without a keyword reads its totals and
 * facet counts here instead of counting 100,000 goods per request.
 */
export const goodsCount = pgTable(
  'goods_count',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.supplierId] }),
    check('goods_count_n_check', sql`${t.n} >= 0`),
  ],
);

/**
 * How many times goods were deleted (by hand: the shop disables goods instead), counted by the
 * `goods_search_deleted` trigger (migration 0036): the search index reads every good again when it moves.
 */
export const goodsSearchDeletions = pgTable('goods_search_deletions', {
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Numbers the SKU codes (`KM-000001`, ...): a SKU inserted without a code takes the next. */
export const skuCodeSeq = pgSequence('sku_code_seq');

/**
 * One buyable combination of a good's options, with its prices (integer cents, GST-inclusive).
 * `code` is the SKU code a buyer types or lists in an order import (docs/order-import.md): unique,
 * upper case letters, digits and dashes; `gtin` the barcode (8, 12, 13 or 14 digits) when known.
 */
export const sku = pgTable(
  'sku',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .unique()
      .default(sql`('KM-' || lpad(nextval('sku_code_seq')::text, 6, '0'))`),
    gtin: text('gtin'),
    /** e.g. {"colour":"Navy","size":"M"} or {"pack":"6 x 250 g"}; {} for a good without options. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    retailPriceCents: integer('retail_price_cents').notNull(),
    wholesalePriceCents: integer('wholesale_price_cents').notNull(),
    clubPriceCents: integer('club_price_cents').notNull(),
    /** Purchase limit per order; null when there is none. */
    maxCount: integer('max_count'),
    pictureUrl: text('picture_url'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('sku_retail_check', sql`${t.retailPriceCents} > 0`),
    // Members never pay more than a guest.
    check(
      'sku_member_price_check',
      sql`${t.wholesalePriceCents} between 0 and ${t.retailPriceCents} and ${t.clubPriceCents} between 0 and ${t.retailPriceCents}`,
    ),
    check('sku_max_count_check', sql`${t.maxCount} is null or ${t.maxCount} > 0`),
    check('sku_code_check', sql`${t.code} ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and length(${t.code}) <= 40`),
    check('sku_gtin_check', sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    uniqueIndex('sku_gtin_idx').on(t.gtin),
    index('sku_goods_idx').on(t.goodsId, t.sort),
    // The back office finds a SKU by the start of its code (`code like 'KM09%'`), whatever the
    // database's collation: a plain btree serves LIKE prefixes only under C.
    index('sku_code_prefix_idx').on(t.code.op('text_pattern_ops')),
  ],
);

/** Units of a SKU held by one organisation (warehouse or store). */
export const stock = pgTable(
  'stock',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisation.id),
    quantity: integer('quantity').notNull().default(0),
    /** The transaction that last wrote the row (migration 0037): held goods cards let it go. */
    searchXid: xid8('search_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.orgId] }),
    check('stock_quantity_check', sql`${t.quantity} >= 0`),
    index('stock_search_xid_idx').on(t.searchXid),
  ],
);

/**
 * The back office's goods list (docs/back-office-catalogue.md): a narrow copy of what it filters
 * on, one row per good, kept by the `goods_admin_row_refresh` trigger (migration 0024). The goods
 * rows are wide (descriptions, search documents); matching a name fragment against 100,000 of
 * them reads far more pages than this table, which stays in memory.
 */
export const goodsAdminRow = pgTable(
  'goods_admin_row',
  {
    id: integer('id')
      .primaryKey()
      .references(() => goods.id, { onDelete: 'cascade' }),
    nameNorm: text('name_norm').notNull(),
    enabled: boolean('enabled').notNull(),
    supplierId: integer('supplier_id').notNull(),
    categoryId: integer('category_id').notNull(),
    subCategoryId: integer('sub_category_id'),
    topCategoryId: integer('top_category_id'),
  },
  (t) => [
    index('goods_admin_row_name_idx').using('gin', t.nameNorm.op('gin_trgm_ops')),
    index('goods_admin_row_supplier_idx').on(t.supplierId, t.id.desc()),
    index('goods_admin_row_category_idx').on(t.categoryId, t.id.desc()),
    index('goods_admin_row_sub_idx').on(t.subCategoryId, t.id.desc()),
    index('goods_admin_row_top_idx').on(t.topCategoryId, t.id.desc()),
  ],
);

/**
 * Every change of a SKU's stock at an organisation made in the back office (docs/back-office-catalogue.md):
 * who, when, the units before and after, and why. Rows are only ever added.
 */
export const stockHistory = pgTable(
  'stock_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisation.id),
    operatorId: integer('operator_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    check('stock_history_units_check', sql`${t.before} >= 0 and ${t.after} >= 0`),
    index('stock_history_sku_idx').on(t.skuId, t.id.desc()),
  ],
);

/**
 * A promotion price of a SKU, running while now is within [starts_at, ends_at). `goods_id`
 * repeats the SKU's good so lists find a good's running promotions without reading its SKUs.
 */
export const promotion = pgTable(
  'promotion',
  {
    id: serial('id').primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('promotion_price_check', sql`${t.priceCents} > 0`),
    check('promotion_window_check', sql`${t.startsAt} < ${t.endsAt}`),
    index('promotion_sku_idx').on(t.skuId, t.startsAt),
    index('promotion_goods_idx').on(t.goodsId, t.startsAt),
    index('promotion_ends_idx').on(t.endsAt),
  ],
);

/**
 * A recommendation block (GET /api/hot/recommend/app/{placement}): a titled, ordered list of
 * goods shown at one placement (1 home, 2 recommendations page, 3 goods detail).
 */
export const recommendBlock = pgTable(
  'recommend_block',
  {
    id: serial('id').primaryKey(),
    placement: integer('placement').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('recommend_block_placement_idx').on(t.placement, t.sort)],
);

export const recommendGoods = pgTable(
  'recommend_goods',
  {
    blockId: integer('block_id')
      .notNull()
      .references(() => recommendBlock.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.goodsId] }),
    index('recommend_goods_sort_idx').on(t.blockId, t.sort),
  ],
);
