import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { databaseUrl, dropDatabases, pgAdminUrl } from './postgres.ts';
import { OPERATOR } from './tests/orders.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Runs once the shops are up (Playwright starts its web servers first). On PostgreSQL the shops
 * make no demo owner (only the embedded demo does, docs/back-office.md), so the owner the
 * journeys log in with is made the way a PostgreSQL shop's first owner is: with the documented
 * `operator:create` command, on each store's database. Afterwards this run's databases are dropped.
 */
export default async function globalSetup() {
  const admin = pgAdminUrl();
  const prefix = process.env.E2E_PG_PREFIX;
  if (!admin || !prefix) return;
  const run = promisify(execFile);
  await Promise.all(
    ['store', 'stripe'].map((shop) =>
      run(
        process.execPath,
        ['server/src/cli/operator-create.ts', OPERATOR.OPERATOR_NAME, '--role', 'owner'],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl(admin, `${prefix}${shop}`),
            OPERATOR_PASSWORD: OPERATOR.OPERATOR_PASSWORD,
          },
          timeout: 60_000,
        },
      ),
    ),
  );
  return () => dropDatabases(admin, prefix);
}
