import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by the server process and by the PostgreSQL backends serving its database,
 * read from /proc (Linux). Divided by the requests of a phase, it says what one request costs in
 * CPU, which the machine's load and speed move far less than req/s and p99 (a busy machine
 * stretches latency, not the work a request does). Null where /proc cannot be read.
 */
export interface CpuSample {
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
 * phase, and the returned function after it gives the CPU ms spent meanwhile. A backend that
 * closes during the phase is not counted (the server's pool keeps its connections open).
 */
export const cpuProbe = (serverPid: number | null, db: string | null) => {
  const read = () => {
    const backends = new Map<number, number>();
    if (db) for (const pid of backendsOf(db)) backends.set(pid, cpuMsOf(pid) ?? 0);
    return { server: serverPid === null ? null : cpuMsOf(serverPid), backends };
  };
  return {
    available: serverPid !== null && cpuMsOf(serverPid) !== null,
    start() {
      const before = read();
      return (): CpuSample => {
        const after = read();
        let dbMs = 0;
        for (const [pid, ms] of after.backends) dbMs += ms - (before.backends.get(pid) ?? 0);
        return { server: (after.server ?? 0) - (before.server ?? 0), db: dbMs };
      };
    },
  };
};

/** The database name in a postgres:// URL, else null (PGlite runs inside the server process). */
export const databaseNameOf = (url: string | undefined): string | null =>
  url?.startsWith('postgres') ? decodeURIComponent(new URL(url).pathname.slice(1)) || null : null;
