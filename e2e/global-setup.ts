import { dropDatabases, pgAdminUrl } from './postgres.ts';

/** At the end of the run, this run's PostgreSQL databases are dropped (e2e/shops.ts made them). */
export default function globalSetup() {
  const admin = pgAdminUrl();
  const prefix = process.env.E2E_PG_PREFIX;
  if (!admin || !prefix) return;
  return () => dropDatabases(admin, prefix);
}
