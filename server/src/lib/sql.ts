import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { PREPARED } from '../db/named-statements.ts';

const prepared = sql.raw(PREPARED);

/**
 * Rows of a raw query, typed by the caller (from the schema: see `db/rows.ts`). `prepared`:
 * PostgreSQL plans the statement once per connection instead of on every call (for the hot
 * queries whose planning costs more than running them; `db/named-statements.ts`).
 */
export const rowsOf = async <T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  options?: { prepared: boolean },
): Promise<T[]> => (await db.execute<T>(options?.prepared ? sql`${prepared}${query}` : query)).rows;

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

/**
 * `name` as a table alias or output column name in SQL, for the fragments a module exports to
 * others (`joinMember('m', ...)`): checked to be a plain lower-case identifier, so it is never
 * a way in for other SQL.
 */
export const sqlName = (name: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not an SQL name: ${name}`);
  return sql.raw(name);
};
