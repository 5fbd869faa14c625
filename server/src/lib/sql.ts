import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Rows of a raw query; both drivers answer `{ rows }`. */
export const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The PostgreSQL error of a unique violation, with the constraint (index) it broke. */
export const uniqueViolation = (err: unknown): string | null => {
  // drizzle wraps driver errors: the PostgreSQL error is the cause.
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return null;
};

/** `ms` milliseconds as an SQL interval. */
export const millis = (ms: number) => `${Math.round(ms)} milliseconds`;
