import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl } from './global-setup.ts';
import { testDbKind } from './harness.ts';
import { killProcesses, startProcess } from './processes.ts';

/**
 * A live shop's first start: the server on an empty PostgreSQL database migrates it and loads the
 * demo data, here through the primary of WORKERS=2 (cluster.ts), as `npm start` does with
 * DATABASE_URL; a second start keeps the data and loads nothing again. (process.test.ts does the
 * same on the embedded database.)
 */
describe.skipIf(testDbKind !== 'postgres')('the server process on an empty PostgreSQL database', () => {
  const name = `${process.env.TEST_PG_DB_PREFIX ?? 'mall_test_'}empty_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    killProcesses();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('migrates and loads the demo data at the first start, and keeps them at the second', async () => {
    await admin(`create database ${name}`);
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-pg-first-')),
    };
    const first = await startProcess({ ...env, WORKERS: '2' });
    expect(first.output()).toContain('demo data loaded: reference-v1');
    const search = (await (await fetch(`${first.url}/api/org/sale/good/search?keyword=honey`)).json()) as {
      data: { total: number };
    };
    expect(search.data.total).toBeGreaterThan(0);
    // A shop on PostgreSQL makes no demo owner: its first owner comes from operator:create.
    expect(first.output()).not.toContain('demo owner');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startProcess(env);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as {
      data: { status: string; database: string };
    };
    expect(health.data).toMatchObject({ status: 'ok', database: 'postgres' });
    expect(second.output()).not.toContain('demo data loaded');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
