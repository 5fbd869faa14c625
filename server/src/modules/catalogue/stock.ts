import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Taking and giving back stock (docs/orders.md: checkout). Units are taken with one conditional update per SKU
 * (`quantity >= n`), inside the caller's transaction, in SKU order so two orders never wait on
 * each other in a circle. However many requests or server processes race, the database lets
 * through exactly the units there are: a take that finds too few changes nothing and says so.
 */
export interface StockLine {
  skuId: number;
  count: number;
}

/** Takes every line from `orgId`'s stock; answers the SKU ids that had too few (then nothing should be kept: roll back). */
export const takeStock = async (tx: Tx, orgId: number, lines: readonly StockLine[]): Promise<number[]> => {
  const short: number[] = [];
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    const taken = await rowsOf<{ quantity: number }>(
      tx,
      sql`update stock set quantity = quantity - ${line.count}
          where sku_id = ${line.skuId} and org_id = ${orgId} and quantity >= ${line.count}
          returning quantity`,
      { prepared: true },
    );
    if (taken.length === 0) short.push(line.skuId);
  }
  return short;
};

/** Gives units back to `orgId`'s stock (a cancelled or expired order). */
export const returnStock = async (tx: Tx, orgId: number, lines: readonly StockLine[]) => {
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    await tx.execute(
      sql`insert into stock (sku_id, org_id, quantity) values (${line.skuId}, ${orgId}, ${line.count})
          on conflict (sku_id, org_id) do update set quantity = stock.quantity + excluded.quantity`,
    );
  }
};

/** Units of a SKU in `orgId`'s stock now. */
export const stockOf = async (db: Db, orgId: number, skuId: number): Promise<number> => {
  const [row] = await rowsOf<{ quantity: number }>(
    db,
    sql`select quantity from stock where sku_id = ${skuId} and org_id = ${orgId}`,
  );
  return row?.quantity ?? 0;
};

/** Counts units sold on their goods (what "sort by sales" and the goods page's "n sold" show). */
export const addSales = async (tx: Tx, lines: readonly { goodsId: number; count: number }[]) => {
  const byGoods = new Map<number, number>();
  for (const l of lines) byGoods.set(l.goodsId, (byGoods.get(l.goodsId) ?? 0) + l.count);
  for (const [goodsId, n] of [...byGoods].sort((a, b) => a[0] - b[0])) {
    await tx.execute(sql`update goods set sales = sales + ${n} where id = ${goodsId}`);
  }
};
