import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { seedLog } from './meta-tables.ts';

export interface SeedContext {
  db: Db;
  /** Where generated demo pictures go; served at /uploads. */
  uploadsDir: string;
}

/** A named demo data set. Each is applied once per database and recorded in `seed_log`. */
export interface SeedSet {
  name: string;
  /**
   * The set holds demo members or what they own (their published password, cash card numbers
   * and secrets): a live shop loads it only when told to (config `seedDemoMembers`).
   */
  members?: boolean;
  run(ctx: SeedContext): Promise<void>;
}

/** Applies the sets not yet recorded, each in its own transaction. Returns the names applied. */
export const runSeeds = async (ctx: SeedContext, sets: readonly SeedSet[]): Promise<string[]> => {
  const applied: string[] = [];
  for (const set of sets) {
    const done = await ctx.db.select().from(seedLog).where(eq(seedLog.name, set.name));
    if (done.length > 0) continue;
    await ctx.db.transaction(async (tx) => {
      await set.run({ ...ctx, db: tx });
      await tx.insert(seedLog).values({ name: set.name });
    });
    applied.push(set.name);
  }
  return applied;
};
