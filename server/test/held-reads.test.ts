import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { startTestServer, type TestServer } from './harness.ts';

// With the caches on, as the shop runs (docs/search.md: held until changed), a good's page and its
// search cards are held until the good changes, and a change made by another process or by hand
// in SQL shows on both at the index's next look (every second).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { CATALOGUE_CACHE_MS: '60000' } });
  await vi.waitFor(
    async () =>
      expect(typeof (await server.call<{ searchIndex: unknown }>('/api/health')).body.data.searchIndex).toBe(
        'number',
      ),
    { timeout: 30_000, interval: 50 },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface Sku {
  id: number;
  stock: number;
}

const pageOf = async (id: number) =>
  (await server.call<{ name: string; skus: Sku[] }>(`/api/sale/good/detail/${id}`)).body.data;
/** A search asked for the first time (a page size not asked before): no answer of it is kept yet. */
let asked = 0;
const cardOf = async (keyword: string, id: number) =>
  (
    await server.call<{ records: { id: number; stock: number; name: string }[] }>(
      `/api/org/sale/good/search?keyword=${keyword}&pageSize=${20 + (asked++ % 80)}`,
    )
  ).body.data.records.find((r) => r.id === id);

it("shows a good's new stock and name on its page and in search within a look, however they were written", async () => {
  const [good] = await rowsOf<{ id: number }>(
    server.database.db,
    sql`select g.id from goods g where g.enabled and exists (select 1 from sku k join stock s on s.sku_id = k.id where k.goods_id = g.id)
        order by g.id limit 1`,
  );
  const id = good!.id;
  await server.database.db.execute(sql`update goods set name = 'Serendipitous Rimu Bowl' where id = ${id}`);
  await vi.waitFor(
    async () => expect((await cardOf('serendipitous', id))?.name).toBe('Serendipitous Rimu Bowl'),
    {
      timeout: 5000,
      interval: 50,
    },
  );
  const page = await pageOf(id);
  expect(page.name).toBe('Serendipitous Rimu Bowl');
  const card = (await cardOf('serendipitous', id))!;
  const sku = page.skus[0]!;

  await server.database.db.execute(sql`update stock set quantity = quantity + 7 where sku_id = ${sku.id}`);
  await vi.waitFor(
    async () => {
      expect((await pageOf(id)).skus[0]!.stock).toBe(sku.stock + 7);
      expect((await cardOf('serendipitous', id))!.stock).toBe(card.stock + 7);
    },
    { timeout: 5000, interval: 50 },
  );
});
