/** Starts the shop for a benchmark (or uses BENCH_URL), on a fresh embedded database unless DATA_DIR/DATABASE_URL say otherwise. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * `dataDir` is the server's data folder (its mail outbox is in `outbox/`); for BENCH_URL, DATA_DIR
 * when given (the running server's), else null.
 */
export const startBenchServer = async (
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): void; dataDir: string | null; pid: number | null }> => {
  if (process.env.BENCH_URL) {
    return { url: process.env.BENCH_URL, stop: () => {}, dataDir: process.env.DATA_DIR ?? null, pid: null };
  }
  const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mall-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The order bench's buyers each place many orders and pay none.
      UNPAID_ORDERS_MAX: '100000000',
      // The cart routes register one member per connection (codes read from the outbox).
      CODE_SENDS_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (let i = 0; i < 1200; i++) {
    try {
      const health = await fetch(`${url}/api/health`);
      // Up, and its goods index filled (docs/search.md): searches are measured as a shop serves them.
      const index = health.ok
        ? ((await health.json()) as { data: { searchIndex: unknown } }).data.searchIndex
        : null;
      if (health.ok && index !== 'filling') {
        console.log(
          `server up in ${((performance.now() - started) / 1000).toFixed(1)} s, goods index: ${index}, memory: ${memoryOf(child.pid)}`,
        );
        return { url, stop: () => child.kill('SIGTERM'), dataDir, pid: child.pid ?? null };
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server did not start within 10 minutes');
};

/** A process's resident memory now and at its peak, from /proc (Linux); '?' elsewhere. */
export const memoryOf = (pid: number | null | undefined): string => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      Math.round(Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]) / 1024);
    return `${mb('VmRSS')} MB resident (peak ${mb('VmHWM')} MB)`;
  } catch {
    return '?';
  }
};

/** The `p`th percentile of `xs` (nearest rank). */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
