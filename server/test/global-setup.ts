import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

export const adminUrl = () => process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Against PostgreSQL: creates one migrated template database for this run; each test file
 * clones it (see harness.ts) and everything is dropped at the end.
 */
export default async function setup(project: TestProject) {
  if ((process.env.TEST_DB ?? 'pglite') !== 'postgres') return;
  // TEST_PG_DB_PREFIX: what this run's database names start with (runs side by side keep apart).
  const template = `${process.env.TEST_PG_DB_PREFIX ?? 'mall_test'}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl());
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgTemplate', template);

  return async () => {
    const rows = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const { datname } of rows.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
