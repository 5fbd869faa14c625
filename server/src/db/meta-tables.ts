import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which demo data sets have been loaded, so a restart keeps data and later sets still load once. */
export const seedLog = pgTable('seed_log', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
