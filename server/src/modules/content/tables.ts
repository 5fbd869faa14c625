import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Banner pictures of the storefront, one table for every position. A banner shows while it is
 * enabled and now is within [starts_at, ends_at) where those are set.
 */
export const banner = pgTable(
  'banner',
  {
    id: serial('id').primaryKey(),
    position: text('position', { enum: ['top', 'slide', 'advert', 'promo'] }).notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('banner_position_check', sql`${t.position} in ('top', 'slide', 'advert', 'promo')`),
    check(
      'banner_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    index('banner_position_sort_idx').on(t.position, t.sort),
  ],
);

/** Header top links ('up') and footer site links ('down'): a tree through `parent_id`. See docs/calls.md: content. */
export const siteLink = pgTable(
  'site_link',
  {
    id: serial('id').primaryKey(),
    placement: text('placement', { enum: ['up', 'down'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => siteLink.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    linkUrl: text('link_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('site_link_placement_check', sql`${t.placement} in ('up', 'down')`),
    index('site_link_placement_sort_idx').on(t.placement, t.sort),
    index('site_link_parent_idx').on(t.parentId),
  ],
);

/** Groups of shop-introduction pages: the service highlights ('app') and the footer help columns ('main'). */
export const introduceGroup = pgTable(
  'introduce_group',
  {
    id: serial('id').primaryKey(),
    placement: text('placement', { enum: ['app', 'main'] }).notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [check('introduce_group_placement_check', sql`${t.placement} in ('app', 'main')`)],
);

/** A shop-introduction page (served at /pages/home/html?id=...): a highlight or a help page, with its HTML. */
export const introduce = pgTable(
  'introduce',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => introduceGroup.id, { onDelete: 'cascade' }),
    /** Stable slug, e.g. 'terms', so the app can find a page without knowing its id. */
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** Trusted HTML written by the shop. */
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('introduce_group_sort_idx').on(t.groupId, t.sort)],
);

/** Sister sites of the mall group (the consolidation mall list). */
export const mallSite = pgTable('mall_site', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * The terms shoppers agree to, as an operator last saved them (docs/back-office-content.md): one
 * row per kind; without a row the shop's own text (shared/terms.ts) applies.
 */
export const shopTerms = pgTable(
  'shop_terms',
  {
    key: text('key', { enum: ['standard', 'wholesale'] }).primaryKey(),
    sections: jsonb('sections').$type<{ id: string; title: string; html: string }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_terms_key_check', sql`${t.key} in ('standard', 'wholesale')`)],
);
