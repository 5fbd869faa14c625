import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keywords shoppers searched, counted from real searches (search/keyword-counter.ts).
 * `keyword` is trimmed, lower-case and single-spaced; `result_count` is the total of its last
 * search, so a keyword that finds nothing is never offered as hot or as a suggestion.
 */
export const hotKeyword = pgTable(
  'hot_keyword',
  {
    keyword: text('keyword').primaryKey(),
    searchCount: integer('search_count').notNull().default(0),
    resultCount: integer('result_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an operator: shown first among the hot keywords, in this order, whatever the counts. */
    pinned: integer('pinned'),
    /** Set by an operator: never shown as hot or suggested, however often searched. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    check('hot_keyword_count_check', sql`${t.searchCount} >= 0 and ${t.resultCount} >= 0`),
    index('hot_keyword_count_idx').on(t.searchCount.desc()),
    index('hot_keyword_trgm_idx').using('gin', sql`mall_unaccent(${t.keyword}) gin_trgm_ops`),
  ],
);

/**
 * The suggestion dictionary: the words of goods names and the category names, with how many
 * goods carry each (`weight`). Rebuilt from the catalogue by `rebuildSuggestTerms`.
 * `norm` is the unaccented lower-case form that queries match.
 */
export const suggestTerm = pgTable(
  'suggest_term',
  {
    norm: text('norm').primaryKey(),
    term: text('term').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [
    index('suggest_term_prefix_idx').on(t.norm.op('text_pattern_ops')),
    index('suggest_term_trgm_idx').using('gin', t.norm.op('gin_trgm_ops')),
  ],
);
