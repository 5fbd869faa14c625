import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { planOnce, rowsOf } from '../src/lib/sql.ts';
import { openTestDatabase, testDbKind } from './harness.ts';

// lib/sql.ts `planOnce`: a transaction's named statements run on the plan made once, and the
// setting ends with the transaction, so the pool's next user plans as PostgreSQL would.

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const planCacheMode = async (db: Database['db']) =>
  (await rowsOf<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`))[0]!.plan_cache_mode;

describe('planOnce', () => {
  it('holds for the rest of the transaction and ends with its commit or its rollback', async () => {
    await database.db.transaction(async (tx) => {
      expect(await planCacheMode(tx)).toBe('auto');
      await planOnce(tx);
      expect(await planCacheMode(tx)).toBe('force_generic_plan');
    });
    expect(await planCacheMode(database.db)).toBe('auto');

    await expect(
      database.db.transaction(async (tx) => {
        await planOnce(tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Every connection of the pool is back to PostgreSQL's own choice.
    const modes = await Promise.all(
      Array.from({ length: 5 }, () => database.db.transaction((tx) => planCacheMode(tx))),
    );
    expect(modes).toEqual(Array(5).fill('auto'));
  });

  it.runIf(testDbKind === 'postgres')(
    'runs a named statement on its one plan from the first call, never planning it for the values',
    async () => {
      const lookUp = (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0], id: number) =>
        rowsOf<{ id: number }>(tx, sql`select id from member where id = ${id} /* plan-once test */`, {
          prepared: true,
        });
      const plans = await database.db.transaction(async (tx) => {
        await planOnce(tx);
        for (let id = 1; id <= 8; id++) await lookUp(tx, id);
        return rowsOf<{ generic_plans: string; custom_plans: string }>(
          tx,
          sql`select generic_plans, custom_plans from pg_prepared_statements
              where statement like '%plan-once test%'`,
        );
      });
      expect(plans).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
    },
  );
});
