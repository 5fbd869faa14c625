import pg from 'pg';

/**
 * The journeys' shops on PostgreSQL (E2E_PG_ADMIN_URL set, as `npm test` does when a server
 * answers at 127.0.0.1:5432): each shop gets a database of its own, a copy of one holding the demo
 * data made before the shops start (shops.ts), and they are dropped at the end of
 * the run (global-setup.ts). Without E2E_PG_ADMIN_URL the shops use embedded PGlite databases
 * under E2E_DATA_DIR, as on a machine without PostgreSQL.
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

/** Creates database `name` afresh: empty, or a copy of database `template` (which nothing may be using). */
export const createDatabase = (admin: string, name: string, template?: string) =>
  withAdmin(admin, async (client) => {
    await client.query(`drop database if exists ${checked(name)} with (force)`);
    await client.query(`create database ${checked(name)}${template ? ` template ${checked(template)}` : ''}`);
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
