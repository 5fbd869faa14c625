import { sql } from 'drizzle-orm';
import type { SeedSet } from '../../seed/run-seeds.ts';
import { hotKeywordSeed } from '../catalogue/demo-data.ts';
import { rebuildSuggestTerms } from './service.ts';
import { hotKeyword } from './tables.ts';

/**
 * Search: the hot keywords with their counts so far (each with how many goods it finds now), and
 * the suggestion dictionary built from the catalogue. Runs after the catalogue set.
 */
export const searchDemoSeed: SeedSet = {
  name: 'search-v1',
  async run({ db }) {
    await db.insert(hotKeyword).values(
      hotKeywordSeed.map(([keyword, searchCount], i) => ({
        keyword,
        searchCount,
        updatedAt: new Date(Date.UTC(2025, 6, 1) - i * 3_600_000),
      })),
    );
    await db.execute(
      sql`update hot_keyword k set result_count = (
            select count(*)::int from goods g
            where g.enabled and g.search_vector @@ websearch_to_tsquery('english', mall_unaccent(k.keyword)))`,
    );
    await rebuildSuggestTerms(db);
  },
};
