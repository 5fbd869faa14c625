import pg from 'pg';

/**
 * The journeys' shops on PostgreSQL (E2E_PG_ADMIN_URL set, as `npm test` does when a server
 * answers at 127.0.0.1:5432): each shop gets a fresh database of its own, created empty just
 * before the shop starts (the shop migrates and seeds it as at any first start) and dropped at
 * the end of the run (global-setup.ts). Without E2E_PG_ADMIN_URL the shops use embedded PGlite
 * databases under E2E_DATA_DIR, as on a machine without PostgreSQL.
 */
export const pgAdminUrl = (): string | undefined => process.env.E2E_PG_ADMIN_URL || undefined;

/** The connection string of database `name` on the admin URL's server. */
export const databaseUrl = (admin: string, name: string): string => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

const withAdmin = async <T>(admin: string, use: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
};

/** A name made of lower-case letters, digits and underscores only: it is written into SQL. */
const checked = (name: string) => {
  if (!/^[a-z0-9_]{1,60}$/.test(name)) throw new Error(`not a database name for the journeys: ${name}`);
  return name;
};

export const createDatabase = (admin: string, name: string) =>
  withAdmin(admin, async (client) => {
    await client.query(`drop database if exists ${checked(name)} with (force)`);
    await client.query(`create database ${checked(name)}`);
  });

/** Drops every database whose name starts with `prefix` (this run's), closing their connections. */
export const dropDatabases = (admin: string, prefix: string) =>
  withAdmin(admin, async (client) => {
    const rows = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [checked(prefix)],
    );
    for (const { datname } of rows.rows)
      await client.query(`drop database if exists ${checked(datname)} with (force)`);
  });

// `node e2e/postgres.ts <name>`: creates the empty database a journeys' shop then starts on
// (playwright.config.ts runs it before each shop's server).
if (import.meta.main) {
  const admin = pgAdminUrl();
  const name = process.argv[2];
  if (!admin || !name) {
    console.error('usage: E2E_PG_ADMIN_URL=postgres://… node e2e/postgres.ts <database>');
    process.exit(2);
  }
  await createDatabase(admin, name);
}
