import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { runSeeds } from './db/run-seeds.ts';
import { demoSeedSets } from './demo-seed-sets.ts';

/** Opens the configured database and brings its schema up to date. */
export const openMigratedDatabase = async (config: Config): Promise<Database> => {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
};

/** The demo data sets not yet loaded; those of demo members only where the config allows them. */
export const loadDemoData = (config: Config, database: Database) =>
  runSeeds(
    { db: database.db, uploadsDir: config.uploadsDir },
    demoSeedSets.filter((set) => config.seedDemoMembers || !set.members),
  );
