import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envelopeOf, type FieldError, failureEnvelope } from '@mall/shared/envelope';
import type { RefusalReason } from '@mall/shared/reasons';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { adminUrl } from './global-setup.ts';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (for other processes on it); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  /** `app.inject` returning the parsed envelope as well. */
  call<T = unknown>(
    opts: InjectOptions | string,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: Envelope<T> }>;
  close(): Promise<void>;
}

interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
  /** A failure's reason (@mall/shared/reasons). */
  reason?: RefusalReason;
}

/**
 * A saved PGlite data directory, read once per worker. PGlite reads what it loads through
 * `arrayBuffer()`, which for a Blob in Node copies the bytes over in small chunks and joins them:
 * a third of a seeded database's open went there. This Blob hands out the bytes it read: PGlite
 * only reads them, writing the files they hold into the new database's own memory.
 */
class SavedDataDir extends Blob {
  readonly #bytes: Uint8Array;
  constructor(file: string) {
    // Holds no bytes of its own (PGlite reads only `arrayBuffer()` and `type`).
    super([]);
    this.#bytes = new Uint8Array(readFileSync(file));
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.buffer as ArrayBuffer);
  }
}
const savedDataDirs = new Map<string, Blob>();
const savedDataDir = (file: string): Blob => {
  let blob = savedDataDirs.get(file);
  if (!blob) {
    blob = new SavedDataDir(file);
    savedDataDirs.set(file, blob);
  }
  return blob;
};

/** A fresh, migrated database of the kind this run tests: in-memory PGlite or a clone of the PG template. */
export const openTestDatabase = async (
  opts: { seeded?: boolean } = {},
): Promise<{
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}> => {
  if (testDbKind === 'pglite') {
    const snapshots = inject('pgliteSnapshots');
    const database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteDump: savedDataDir(opts.seeded ? snapshots.seeded : snapshots.migrated),
    });
    return { database, url: undefined, drop: async () => {} };
  }
  const template = `${inject('pgTemplate')}${opts.seeded ? '_seeded' : ''}`;
  const name = `${template}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
};

/**
 * Builds the whole app on a fresh database, optionally with the demo data loaded (`logger`: Pino
 * options, else silent). `sameDatabaseAs`: on that server's database instead, for a file whose
 * tests each need an app of their own settings but not a database of their own (a database is the
 * dearest part of a start: a PGlite one took about 1.5 s of CPU to open); closing this server
 * closes its app only.
 */
export const startTestServer = async (
  opts: { seed?: boolean; env?: Record<string, string>; logger?: object; sameDatabaseAs?: TestServer } = {},
): Promise<TestServer> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mall-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...opts.env });
  const shared = opts.sameDatabaseAs;
  const { database, url, drop } = shared
    ? { database: shared.database, url: shared.databaseUrl, drop: async () => {} }
    : await openTestDatabase({ seeded: opts.seed ?? false });
  if (opts.seed) cpSync(inject('seedUploads'), config.uploadsDir, { recursive: true });
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    config,
    call: async <T>(o: InjectOptions | string) => {
      const res = await app.inject(o);
      let body: Envelope<T>;
      try {
        body = res.json() as Envelope<T>;
      } catch {
        throw new Error(`Expected a JSON envelope, got ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      return { status: res.statusCode, headers: res.headers, body };
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (shared) return;
      await database.close();
      await drop();
    },
  };
};

/**
 * A second app on `server`'s database, ready, as another server process on it would be: it holds
 * its own caches and hears the database's announcements on its own connection.
 */
export const startSecondApp = async (server: TestServer): Promise<FastifyInstance> => {
  const app = await buildApp({ config: server.config, database: server.database, logger: false });
  await app.ready();
  return app;
};

/** GETs `url`, checks the success envelope against the shared schema and returns `data`. */
export const expectData = async <S extends z.ZodType>(
  server: TestServer,
  url: string,
  schema: S,
): Promise<z.infer<S>> => {
  const res = await server.call(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  envelopeOf(schema).parse(res.body);
  expect(res.body).toMatchObject({ success: true, code: 200, message: 'success' });
  return schema.parse(res.body.data);
};

/** The field errors of a refusal, checked against the shared failure envelope (none: []). */
export const fieldErrorsOf = (body: unknown): FieldError[] => failureEnvelope.parse(body).data?.errors ?? [];
