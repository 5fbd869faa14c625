import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { seedData } from '../../../seed/data-files.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { goodsFoundCount } from '../catalogue/index.ts';
import { rebuildSuggestTerms } from './service.ts';
import { hotKeyword } from './tables.ts';

/** Keywords shoppers have searched, with their counts, for the hot list and the rotating placeholder. */
const hotKeywordSeed = seedData(
  'hot-keywords.json',
  z.array(z.strictObject({ keyword: z.string().min(1), searchCount: z.int().nonnegative() })),
);

/**
 * Search: the hot keywords with their counts so far (each with how many goods it finds now), and
 * the suggestion dictionary built from the catalogue. Runs after the catalogue set.
 */
export const searchDemoSeed: SeedSet = {
  name: 'search-v1',
  async run({ db }) {
    await db.insert(hotKeyword).values(
      // The most searched was searched last, each of the others an hour before the one above it.
      hotKeywordSeed().map(({ keyword, searchCount }, i) => ({
        keyword,
        searchCount,
        updatedAt: new Date(Date.UTC(2025, 6, 1) - i * 3_600_000),
      })),
    );
    await db.execute(sql`update hot_keyword k set result_count = ${goodsFoundCount(sql`k.keyword`)}`);
    await rebuildSuggestTerms(db);
  },
};
