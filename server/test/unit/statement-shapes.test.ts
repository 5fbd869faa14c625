import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { statementShapes, type ValueOf, valuesIn } from '../../src/lib/sql.ts';

const dialect = new PgDialect();
type Name = 'from' | 'ids' | 'limit';

/** A statement of a few fragments, as the back office's orders list writes its own. */
const build = (f: { from?: string; ids?: number[] }) => (v: ValueOf<Name>) => {
  const where = [sql`true`];
  if (f.from) where.push(sql`o.created_at >= ${v('from')}::date`);
  if (f.ids) where.push(sql`o.member_id = any(${v('ids')}::int[])`);
  const w = sql.join(where, sql` and `);
  return sql`select (select count(*) from sale_order o where ${w}) as n, o.id from sale_order o where ${w} limit ${v('limit')}`;
};
const values = (f: { from?: string; ids?: number[] }, limit: number) => ({
  from: f.from,
  ids: f.ids && `{${f.ids.join(',')}}`,
  limit,
});

describe('statement shapes (lib/sql.ts)', () => {
  it('writes the same text and values as drizzle writing the statement on every call', () => {
    const statements = statementShapes<Name>();
    for (const f of [
      {},
      { from: '2026-11-01' },
      { from: '2026-10-01', ids: [3, 4] },
      { from: '2026-09-09' },
    ]) {
      const key = `${f.from ? 1 : 0}${'ids' in f ? 1 : 0}`;
      const shaped = dialect.sqlToQuery(statements(key, build(f), values(f, 20)));
      const direct = dialect.sqlToQuery(build(f)(valuesIn(values(f, 20))));
      expect(shaped.sql).toBe(direct.sql);
      expect(shaped.params).toEqual(direct.params);
    }
  });

  it("fills each call's own values into the text written for its shape", () => {
    const statements = statementShapes<Name>();
    const first = dialect.sqlToQuery(
      statements('1', build({ from: '2026-01-01' }), values({ from: '2026-01-01' }, 5)),
    );
    // The second call's build is not used: its shape's text is kept.
    const second = dialect.sqlToQuery(
      statements('1', () => sql`select 'not used'`, values({ from: '2026-02-02' }, 7)),
    );
    expect(second.sql).toBe(first.sql);
    expect(first.params).toEqual(['2026-01-01', '2026-01-01', 5]);
    expect(second.params).toEqual(['2026-02-02', '2026-02-02', 7]);
  });

  it('refuses a statement with a $ of its own or a value not given by name', () => {
    const statements = statementShapes<Name>();
    expect(() =>
      statements('a', () => sql`select '$1' as t, ${sql.placeholder('limit')}`, { limit: 1 }),
    ).toThrow(/\$ of its own/);
    expect(() => statements('b', () => sql`select ${42}`, {})).toThrow(/not given by name/);
  });
});
