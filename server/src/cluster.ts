import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';

/**
 * Several server processes on one port (WORKERS above 1; PostgreSQL only): this process, the
 * primary, starts them and serves nothing itself; the operating system hands each new connection
 * to one of them. Everything the processes share lives in the database (and Redis for the
 * counters: README, production checklist), and what one process holds in memory is dropped when
 * the database announces a change (docs/design.md: several processes).
 *
 * - A secret a process would otherwise make up for itself at start (PAYMENT_SECRET, which signs
 *   the sandbox gateway's callbacks) is made once here and given to every worker, so a callback
 *   signed by one is accepted by another.
 * - A worker that dies is replaced; five deaths within a minute stop the shop (exit 1) rather
 *   than restart a broken worker for ever.
 * - SIGINT or SIGTERM: each worker finishes its requests in flight and closes (main.ts), then the
 *   primary exits.
 */
export const isWorker = () => cluster.isWorker;

const DEATHS_ALLOWED = 5;
const DEATHS_WINDOW_MS = 60_000;

export const runPrimary = (workers: number, log: (message: string) => void) =>
  new Promise<number>((resolve) => {
    const env = { PAYMENT_SECRET: process.env.PAYMENT_SECRET || randomBytes(32).toString('hex') };
    let stopping = false;
    const deaths: number[] = [];
    let listening = 0;
    const fork = () => cluster.fork(env);
    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      if (running.length === 0) resolve(code);
      for (const w of running) w.process.kill('SIGTERM');
      cluster.on('exit', () => {
        if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) resolve(code);
      });
    };
    cluster.on('listening', () => {
      listening++;
      if (listening === workers) log(`${workers} server processes are serving`);
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && deaths[0]! < now - DEATHS_WINDOW_MS) deaths.shift();
      if (deaths.length >= DEATHS_ALLOWED) {
        log(`${deaths.length} server processes died within a minute: stopping the shop`);
        stop(1);
        return;
      }
      log(`server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting another`);
      fork();
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
    for (let i = 0; i < workers; i++) fork();
  });
