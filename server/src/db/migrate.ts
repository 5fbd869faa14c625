import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** An arbitrary constant: the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK = 727_001;

export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  // Several processes may start at once against one PostgreSQL; only one migrates at a time.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrateNodePg(tx as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  });
};
