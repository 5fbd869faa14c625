import { Placeholder, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { PREPARED } from '../db/named-statements.ts';

const prepared = sql.raw(PREPARED);

/**
 * Rows of a raw query, of the type its statement carries: a statement written with a select
 * list's `query` (`db/columns.ts`), so the columns it selects give the type. `prepared`:
 * PostgreSQL plans the statement once per connection instead of on every call (for the hot
 * queries whose planning costs more than running them; `db/named-statements.ts`).
 */
export const rowsOf = async <T extends Record<string, unknown>>(
  db: Db,
  query: SQL<T> | SQL<unknown>,
  options?: { prepared: boolean },
): Promise<T[]> => (await db.execute<T>(options?.prepared ? sql`${prepared}${query}` : query)).rows;

/**
 * For the rest of transaction `tx` (plan_cache_mode, until the commit or rollback): each statement
 * with values runs on a plan made without them, and a named statement (`prepared` above) on the
 * one its connection made first. Left to itself, PostgreSQL plans a named statement again for
 * each call's values whenever it guesses the values could change the plan, and it kept doing so
 * for checkout's read: about 1 ms of the database's CPU per order (bench/orders.ts). Only for
 * transactions whose every statement looks rows up by key, where values cannot change a good plan.
 */
export const planOnce = async (tx: Tx) => {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
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

/**
 * `name` as a table alias or output column name in SQL, for the fragments a module exports to
 * others (`joinMember('m', ...)`): checked to be a plain lower-case identifier, so it is never
 * a way in for other SQL.
 */
export const sqlName = (name: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not an SQL name: ${name}`);
  return sql.raw(name);
};

/** Where a statement's value named `name` goes: an SQL parameter, or a placeholder for it. */
export type ValueOf<N extends string> = (name: N) => SQL;

/** The values themselves as parameters, for a statement built on every call. */
export const valuesIn =
  <N extends string>(values: Partial<Record<N, unknown>>): ValueOf<N> =>
  (name) =>
    sql`${values[name]}`;

const dialect = new PgDialect();

/**
 * Statements whose text depends only on a few choices (which filters are given, which tab), each
 * written by drizzle once per choice, `key`: `build(value)` writes it with `value(name)` where
 * each value goes, and a call fills in `values`. Drizzle writes a statement of many fragments
 * slowly (each fragment checked and joined on every call): the back office's orders list spent a
 * fifth of its server time there; a statement kept here is a flat list of its text's
 * parts and its values.
 */
export const statementShapes = <N extends string>() => {
  const shapes = new Map<string, { texts: SQL[]; names: N[] }>();
  return (key: string, build: (value: ValueOf<N>) => SQL, values: Partial<Record<N, unknown>>): SQL => {
    let shape = shapes.get(key);
    if (!shape) {
      const query = dialect.sqlToQuery(build((name) => sql`${sql.placeholder(name)}`));
      const names = query.params.map((p) => {
        if (!(p instanceof Placeholder)) throw new Error('statementShapes: a value not given by name');
        return p.name as N;
      });
      const texts = query.sql.split(/\$\d+/);
      // Drizzle numbers the parameters $1, $2, ... in order; any other $ would split wrongly.
      if (texts.length !== names.length + 1 || query.sql.match(/\$\d+/g)?.some((m, i) => m !== `$${i + 1}`))
        throw new Error('statementShapes: the text has a $ of its own');
      shape = { texts: texts.map((t) => sql.raw(t)), names };
      shapes.set(key, shape);
    }
    const chunks: SQLChunk[] = [shape.texts[0]!];
    for (const [i, name] of shape.names.entries()) chunks.push(sql.param(values[name]), shape.texts[i + 1]!);
    return sql.join(chunks);
  };
};
