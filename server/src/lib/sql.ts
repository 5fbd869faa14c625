import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';

/** The statement name of each query text: the same text always gets the same name. */
const statementNames = new LRUCache<string, string>({ max: 1000 });
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * Rows of a raw query; both drivers answer `{ rows }`. `prepared`: PostgreSQL plans the statement
 * once per connection instead of on every call (for the hot queries whose planning costs more than
 * running them). The name comes from the text, so any query text may be prepared safely.
 */
export const rowsOf = async <T>(db: Db, query: SQL, { prepared = false } = {}): Promise<T[]> => {
  if (!prepared) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // What db.execute does, with a statement name (drizzle offers names only to its query builder).
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  const result = await session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return (result as { rows: T[] }).rows;
};

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
