import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { runSeeds } from '../src/db/run-seeds.ts';
import { demoSeedSets } from '../src/demo-seed-sets.ts';

export const adminUrl = () => process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A test file's database starts as a copy of one made once per run, migrated or migrated and
 * seeded (creating, migrating and seeding take seconds each, on PGlite most). On PostgreSQL the
 * copies are clones of two template databases; on PGlite, of two saved data directories. The
 * seed's pictures are written once, to `seedUploads`, and copied with a seeded database
 * (harness.ts). Everything is removed at the end.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mall-test-run-'));
  const seedUploads = path.join(dir, 'uploads');
  project.provide('seedUploads', seedUploads);
  const seed = (database: Database) => runSeeds({ db: database.db, uploadsDir: seedUploads }, demoSeedSets);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });

  if ((process.env.TEST_DB ?? 'pglite') !== 'postgres') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    // Saved after a checkpoint, so a database opened from the copy has no log to replay first, and
    // with the log files the checkpoint no longer needs removed rather than kept for reuse: the
    // seeded copy is 72 MB instead of 106 MB, and each database opened from it loads that much.
    // Its buffer pool is 16 MB instead of 128 MB: PostgreSQL clears the pool as it starts, which
    // was half of an open's CPU (0.6 s against 1.1 s); a test's database fits in it.
    const save = async (file: string) => {
      await database.db.execute(sql`alter system set shared_buffers = '16MB'`);
      await database.db.execute(sql`set wal_recycle = off`);
      await database.db.execute(sql`checkpoint`);
      writeFileSync(path.join(dir, file), Buffer.from(await (await database.dump!()).arrayBuffer()));
    };
    await migrateDatabase(database);
    await save('migrated.tar');
    await seed(database);
    await save('seeded.tar');
    await database.close();
    project.provide('pgliteSnapshots', {
      migrated: path.join(dir, 'migrated.tar'),
      seeded: path.join(dir, 'seeded.tar'),
    });
    return removeDir;
  }

  // TEST_PG_DB_PREFIX: what this run's database names start with (runs side by side keep apart).
  const template = `${process.env.TEST_PG_DB_PREFIX ?? 'mall_test'}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const made = async (name: string, fill: (database: Database) => Promise<unknown>, from?: string) => {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await fill(database);
    await database.close();
  };
  await made(template, migrateDatabase);
  await made(`${template}_seeded`, seed, template);
  project.provide('pgTemplate', template);

  return async () => {
    const rows = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const { datname } of rows.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    removeDir();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The saved PGlite data directories (a PGlite run). */
    pgliteSnapshots: { migrated: string; seeded: string };
    /** The migrated template database; `<it>_seeded` is seeded too (a PostgreSQL run). */
    pgTemplate: string;
    /** The seed's pictures, for a seeded database's upload folder. */
    seedUploads: string;
  }
}
