import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './account-helpers.ts';
import { signInEveryone } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

/** The orders list's tab counts and their caps (docs/back-office-orders.md: counts). */

let server: TestServer;
let owner: Record<string, string>;

interface ListPage {
  records: unknown[];
  counts: Record<string, number>;
  caps: Record<string, number>;
  total: number;
  capped: boolean;
}

/** `n` copies of order `id` with status `status` (numbers of their own), straight into the table. */
const copies = async (id: number, n: number, status: number) => {
  const db = server.database.db;
  const columns = (
    await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'sale_order'
            and column_name not in ('id', 'order_no', 'idempotency_key', 'status')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const list = sql.raw(columns.join(', '));
  await db.execute(
    sql`insert into sale_order (order_no, idempotency_key, status, ${list})
        select 'KC' || lpad(i::text, 10, '0') || ${status}, 'copy-' || i || '-' || ${status}, ${status}, ${list}
        from sale_order, generate_series(1, ${n}) i where id = ${id}`,
  );
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
  const api = caller(server);
  const fx = await orderFixtures(server, 'OrderCounts');
  owner = (await signInEveryone(server)).as.owner.headers;
  const h = bearer(await registerMember(server, 'retail'));
  const address = await api.address(h);
  const line = await api.add(h, fx.skus.kete, 1);
  const placed = await api.submit(h, { cartItemIds: [line.id], addressId: address.id });
  expect(placed.status).toBe(200);
  // 1,050 orders to ship, 150 completed, the placed one to pay.
  await copies(placed.body.data.id, 1050, 1);
  await copies(placed.body.data.id, 150, 3);
});
afterAll(() => server.close());

const list = async (query: string) => {
  const res = await server.call<ListPage>({ url: `/api/admin/orders?${query}`, headers: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe(`the orders list's counts (${testDbKind})`, () => {
  it('counts the tab shown up to 1,000 and the others up to 100, each one past its cap when there are more', async () => {
    const all = await list('');
    expect(all.caps).toEqual({
      all: 1000,
      toPay: 100,
      toShip: 100,
      shipped: 100,
      completed: 100,
      cancelled: 100,
    });
    expect(all.counts).toEqual({
      all: 1001,
      toPay: 1,
      toShip: 101,
      shipped: 0,
      completed: 101,
      cancelled: 0,
    });
    expect(all).toMatchObject({ total: 1000, capped: true });

    const toShip = await list('tab=toShip');
    expect(toShip.caps).toMatchObject({ all: 100, toShip: 1000, completed: 100 });
    expect(toShip.counts).toMatchObject({ all: 101, toPay: 1, toShip: 1001, completed: 101 });
    expect(toShip).toMatchObject({ total: 1000, capped: true });

    const completed = await list('tab=completed');
    expect(completed.counts).toMatchObject({ all: 101, toShip: 101, completed: 150 });
    expect(completed).toMatchObject({ total: 150, capped: false });
  });
});
