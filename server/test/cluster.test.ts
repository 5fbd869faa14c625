import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { killProcesses, startProcess } from './processes.ts';

/** The worker processes the primary `pid` started (Linux: /proc lists a process's children). */
const workersOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const environOf = (pid: number) =>
  new Map(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  );

/** WORKERS=2 (server/src/cluster.ts): PostgreSQL only, an embedded database serves one process. */
describe.skipIf(testDbKind !== 'postgres' || process.platform !== 'linux')(
  'a shop of several server processes',
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ seed: true });
    });
    afterAll(async () => {
      killProcesses();
      await server.close();
    });

    it('serves from two workers on one port, replaces a worker that dies, and stops them all on SIGTERM', async () => {
      const shop = await startProcess({
        DATABASE_URL: server.databaseUrl!,
        WORKERS: '2',
        SEED_DEMO: 'false',
        PAYMENT_SECRET: '',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-cluster-')),
      });
      const primary = shop.child.pid!;
      await vi.waitFor(() => expect(shop.output()).toContain('2 server processes are serving'), {
        timeout: 30_000,
      });
      const [a, b] = workersOf(primary);
      expect([a, b].every((pid) => pid !== undefined && alive(pid))).toBe(true);
      // The sandbox's callback key, made once by the primary: a callback signed by one worker is
      // accepted by the other.
      const secret = environOf(a!).get('PAYMENT_SECRET');
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(environOf(b!).get('PAYMENT_SECRET')).toBe(secret);

      // Each new connection goes to one worker or the other; every one is served.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${shop.url}/api/health`, { headers: { connection: 'close' } }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));

      process.kill(a!, 'SIGKILL');
      await vi.waitFor(
        () => {
          const now = workersOf(primary);
          expect(now).toHaveLength(2);
          expect(now).not.toContain(a);
        },
        { timeout: 30_000, interval: 100 },
      );
      await vi.waitFor(
        () => expect(shop.output()).toMatch(/server process \d+ ended \(SIGKILL\): starting another/),
        { timeout: 10_000 },
      );
      expect((await fetch(`${shop.url}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);

      const workers = workersOf(primary);
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      expect(workers.filter(alive)).toEqual([]);
    }, 90_000);

    it('refuses to start several processes on the embedded database', async () => {
      const { execFileSync } = await import('node:child_process');
      const run = () =>
        execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../src/main.ts')], {
          env: { ...process.env, WORKERS: '2', DATABASE_URL: '', PORT: '0' },
          stdio: 'pipe',
        });
      expect(run).toThrow(/WORKERS=2 needs DATABASE_URL/);
    });
  },
);
