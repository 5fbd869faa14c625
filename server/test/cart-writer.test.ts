import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import type { LineRow } from '../src/modules/cart/cart-memory.ts';
import { CartWriter, type GuardedChange } from '../src/modules/cart/cart-writer.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/** The guarded writer on a real database: several members' changes share a statement, never their outcomes. */
describe(`the cart writer (${testDbKind})`, () => {
  let server: TestServer;
  let skuA = 0;
  let skuB = 0;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const db = server.database.db;
    const cats = await insertFixtureCategories(db, 'Cart Writer Fixture');
    const [a, b] = await insertFixtureGoods(db, cats.thirdId, [
      { name: 'Writer Jar', supplier: 'TST', skus: [{ retail: 1000, wholesale: 700, club: 900 }] },
      { name: 'Writer Mug', supplier: 'TST', skus: [{ retail: 1500, wholesale: 1000, club: 1400 }] },
    ]);
    skuA = a!.skuIds[0]!;
    skuB = b!.skuIds[0]!;
    const org = (await resolveStockOrganisationId(db, null))!;
    await setStock(db, skuA, org, 1000);
    await setStock(db, skuB, org, 1000);
  });
  afterAll(() => server.close());

  /** A member whose cart holds one line of 1 of `skuA`, as the writer would expect it. */
  const memberWithCart = async () => {
    const m = await registerMember(server, 'retail');
    const res = await server.call<{ id: number }[]>({
      method: 'POST',
      url: '/api/cart/app/add',
      headers: bearer(m),
      payload: { skuId: skuA, count: 1 },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsOf<{ version: number }>(
      server.database.db,
      sql`select version from cart_version where member_id = ${m.member.id}`,
    );
    const version = row!.version;
    const lines: LineRow[] = [{ id: res.body.data[0]!.id, sku_id: skuA, count: 1, checked: true }];
    return { memberId: m.member.id, version, lines };
  };
  const linesOf = async (memberId: number) =>
    (
      await rowsOf<{ sku_id: number; count: number }>(
        server.database.db,
        sql`select sku_id, count from cart_line where member_id = ${memberId} order by sku_id`,
      )
    ).map((r) => [r.sku_id, r.count]);

  it('writes the changes of many members gathered in one statement, and answers each its own line', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, memberWithCart));
    // One statement at a time: the first change goes alone, the five after it together.
    const writer = new CartWriter(server.database.db, { parallel: 1 });
    const changes: GuardedChange[] = members.map((m, i) => ({
      ...m,
      change:
        i % 2 === 0
          ? { kind: 'add', skuId: skuB, count: i + 1, checked: true }
          : { kind: 'count', lineId: m.lines[0]!.id, count: i + 1 },
    }));
    const written = await Promise.all(changes.map((c) => writer.write(c)));
    for (const [i, m] of members.entries()) {
      if (i % 2 === 0) {
        expect(written[i]).toMatchObject({ sku_id: skuB, count: i + 1, checked: true });
        expect(await linesOf(m.memberId)).toEqual([
          [skuA, 1],
          [skuB, i + 1],
        ]);
      } else {
        expect(written[i]).toEqual({ id: m.lines[0]!.id, sku_id: skuA, count: i + 1, checked: true });
        expect(await linesOf(m.memberId)).toEqual([[skuA, i + 1]]);
      }
    }
  });

  it('writes nothing for a cart that has moved on, and writes a second change of one member only after its first', async () => {
    const m = await memberWithCart();
    const writer = new CartWriter(server.database.db, { parallel: 1 });
    const add = { kind: 'add', skuId: skuA, count: 2, checked: true } as const;
    // Both decided on the same cart: the first is written, the second finds the cart moved on.
    const [first, second] = await Promise.all([
      writer.write({ ...m, change: add }),
      writer.write({ ...m, change: add }),
    ]);
    expect(first).toMatchObject({ sku_id: skuA, count: 3 });
    expect(second).toBeNull();
    expect(await linesOf(m.memberId)).toEqual([[skuA, 3]]);
    // A stale version alone writes nothing either.
    expect(await writer.write({ ...m, change: add })).toBeNull();
    expect(await linesOf(m.memberId)).toEqual([[skuA, 3]]);
  });

  it('fails only the change that breaks a rule of the database, not the others in its statement', async () => {
    const [ok1, bad, ok2] = await Promise.all([memberWithCart(), memberWithCart(), memberWithCart()]);
    const writer = new CartWriter(server.database.db, { parallel: 1 });
    const blocker = writer.write({ ...ok1!, change: { kind: 'add', skuId: skuA, count: 1, checked: true } });
    const results = await Promise.allSettled([
      blocker,
      // No such SKU: the foreign key refuses it.
      writer.write({ ...bad!, change: { kind: 'add', skuId: 2_000_000_000, count: 1, checked: true } }),
      writer.write({ ...ok2!, change: { kind: 'add', skuId: skuB, count: 4, checked: false } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await linesOf(ok1!.memberId)).toEqual([[skuA, 2]]);
    expect(await linesOf(bad!.memberId)).toEqual([[skuA, 1]]);
    expect(await linesOf(ok2!.memberId)).toEqual([
      [skuA, 1],
      [skuB, 4],
    ]);
  });
});
