import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { NamingClient } from './named-statements.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** What a raw query (`db.execute`) answers on both drivers: node-postgres and PGlite both answer `{ rows }`. */
export interface RowsResult<Row> {
  rows: Row[];
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** The database or a transaction on it, on either driver: what a service reads and writes with. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** A transaction (`db.transaction`): for the steps that only make sense inside one (they lock or must commit together). */
export type Tx = PgTransaction<RowsResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip, for /api/health. */
  ping(): Promise<void>;
  /**
   * Follows the NOTIFYs on `channel` from every process on this database. Resolves once
   * listening; answers a stop. A lost connection is reported (`lost`: notifications may be
   * missed from then on) and retried every second until it listens again (`listening`).
   */
  listen(channel: string, on: Listener): Promise<() => Promise<void>>;
  /** Applies the migrations in `folder` that this database has not had yet. */
  migrate(folder: string): Promise<void>;
  /** PGlite only: its data directory as one file (a test run saves a migrated copy once; `pgliteDump`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** An arbitrary constant: the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK = 727_001;

export interface Listener {
  message(payload: string): void;
  lost(): void;
  listening(): void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data directory saved by its `dumpDataDir`, to start from (tests: a migrated, seeded copy). */
  pgliteDump?: Blob;
  poolSize?: number;
}

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, Client: NamingClient });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries surface their own errors.
    });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, on) => listenOnPostgres(opts.url!, channel, on),
      // Several processes may start at once against one PostgreSQL; only one migrates at a time.
      migrate: async (migrationsFolder) => {
        const client = await pool.connect();
        let unlocked = false;
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          try {
            await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
            unlocked = true;
          }
        } finally {
          // A connection that may still hold the lock is closed, not handed to queries.
          client.release(!unlocked);
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One process owns a PGlite database, so every NOTIFY is its own and none can be missed.
    listen: async (channel, on) => {
      const stop = await client.listen(channel, on.message);
      on.listening();
      // Closing the database ends the listening too; UNLISTEN on a closed one would fail.
      return async () => {
        if (!client.closed) await stop();
      };
    },
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
};

const RECONNECT_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting when lost. */
const listenOnPostgres = async (url: string, channel: string, on: Listener): Promise<() => Promise<void>> => {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) on.message(n.payload ?? '');
    });
    c.on('error', () => {
      // Followed by 'end', which reconnects.
    });
    c.on('end', () => {
      if (client !== c || stopped) return;
      client = undefined;
      on.lost();
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
    on.listening();
  };
  const reconnect = () => {
    retry = setTimeout(() => {
      if (!stopped) connect().catch(reconnect);
    }, RECONNECT_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
};
