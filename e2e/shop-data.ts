import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, databaseUrl, pgAdminUrl } from './postgres.ts';

/**
 * A journeys' shop starts on a copy of the demo data, made once per run (docs/testing.md).
 *
 * The first shop to start makes it (Playwright starts its web servers one after another): the
 * documented `npm run seed` (server/src/cli/seed.ts), which migrates and loads the demo data sets
 * with the same functions a shop runs at its first start, on a database of its own (E2E_PG_ADMIN_URL
 * set) or an embedded PGlite one, with its pictures in its own uploads folder. Each shop then gets
 * a copy: a PostgreSQL database created from it as a template, or a copy of the PGlite data
 * directory, and a copy of the pictures; and starts as a shop does on a database that already
 * holds its data (nothing left to load). The demo data sets read nothing of the shop's mode or
 * payment provider (they get only the database and the uploads folder), so the three shops share
 * one copy. A shop's first start on an empty database is the server suite's
 * (server/test/process.test.ts on PGlite, process-postgres.test.ts on PostgreSQL).
 */
const root = path.resolve(import.meta.dirname, '..');

/** The folder holding the copy's uploads (and its PGlite database when there is no PostgreSQL). */
const templateDir = (dataDir: string) => path.join(dataDir, 'template');

const makeTemplate = async (dataDir: string, admin: string | undefined, prefix: string) => {
  const dir = templateDir(dataDir);
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const url = admin ? databaseUrl(admin, `${prefix}template`) : '';
  if (admin) await createDatabase(admin, `${prefix}template`);
  await promisify(execFile)(process.execPath, ['server/src/cli/seed.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
  writeFileSync(path.join(dir, 'made'), `${Date.now() - started} ms\n`);
};

/** Gives shop `shop` its copy of the demo data, making the copy first when it is not there yet. */
export const shopData = async (shop: string) => {
  const dataDir = process.env.E2E_DATA_DIR;
  const prefix = process.env.E2E_PG_PREFIX;
  if (!dataDir || !prefix) throw new Error('E2E_DATA_DIR and E2E_PG_PREFIX are set by playwright.config.ts');
  const admin = pgAdminUrl();
  const template = templateDir(dataDir);
  if (!existsSync(path.join(template, 'made'))) await makeTemplate(dataDir, admin, prefix);
  const shopDir = path.join(dataDir, shop);
  rmSync(shopDir, { recursive: true, force: true });
  mkdirSync(shopDir, { recursive: true });
  cpSync(path.join(template, 'uploads'), path.join(shopDir, 'uploads'), { recursive: true });
  if (admin) await createDatabase(admin, `${prefix}${shop}`, `${prefix}template`);
  else cpSync(path.join(template, 'db'), path.join(shopDir, 'db'), { recursive: true });
};

// `node e2e/shop-data.ts <shop>`: run by playwright.config.ts before each shop's server.
if (import.meta.main) {
  const shop = process.argv[2];
  if (!shop) {
    console.error('usage: node e2e/shop-data.ts <shop>');
    process.exit(2);
  }
  await shopData(shop);
}
