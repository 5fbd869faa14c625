import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by the server process and by the PostgreSQL backends serving its database,
 * read from /proc (Linux). Divided by the requests of a phase, it says what one request costs in
 * CPU, which the machine's load and speed move far less than req/s and p99 (a busy machine
 * stretches latency, not the work a request does). Null where /proc cannot be read.
 */
/** CPU ms per request: the server's (with its workers) and its database backends'. */
export interface CpuPerRequest {
  server: number;
  db: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of process `pid` in ms, or null when it is gone. */
const cpuMsOf = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
};

/** `pid` and its children (a primary's workers, WORKERS above 1). */
const processTree = (pid: number): number[] => {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [pid, ...children.map(Number)];
  } catch {
    return [pid];
  }
};

/**
 * The pids of the PostgreSQL backends connected to database `db`: their title is
 * "postgres: [cluster: ]user db client state" (Debian's clusters put "15/main: " first).
 */
const backendsOf = (db: string): number[] => {
  const title = new RegExp(`^postgres: (\\S+: )?\\S+ ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return title.test(readFileSync(`/proc/${d}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);
};

/**
 * A probe of the server `serverPid` and database `db` (either may be null): `start()` before a
 * phase; the function it returns, given the phase's requests, says what each cost in CPU ms: the
 * server's with its workers (WORKERS above 1), and the backends'. A process that ends during the
 * phase is not counted (the server's pool keeps its connections open).
 */
export const cpuProbe = (serverPid: number | null, db: string | null) => {
  const readAll = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMsOf(pid) ?? 0]));
  const read = () => ({
    server: readAll(serverPid === null ? [] : processTree(serverPid)),
    backends: readAll(db ? backendsOf(db) : []),
  });
  const spentSince = (before: Map<number, number>, after: Map<number, number>) => {
    let ms = 0;
    for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
    return ms;
  };
  return {
    available: serverPid !== null && cpuMsOf(serverPid) !== null,
    start() {
      const before = read();
      return (requests: number): CpuPerRequest => {
        const after = read();
        const n = Math.max(1, requests);
        return {
          server: spentSince(before.server, after.server) / n,
          db: spentSince(before.backends, after.backends) / n,
        };
      };
    },
  };
};

/** The database name in a postgres:// URL, else null (PGlite runs inside the server process). */
export const databaseNameOf = (url: string | undefined): string | null =>
  url?.startsWith('postgres') ? decodeURIComponent(new URL(url).pathname.slice(1)) || null : null;
