import type { AdminPageQuery } from '@mall/shared/contract/admin/page';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { skuLabelOf } from './sku-facts.ts';

/**
 * Stock set or adjusted by an operator (docs/back-office-catalogue.md: stock). The stock row is
 * locked before it is read, so an order taking units (stock.ts: a conditional update) waits for
 * the change and then takes from the new quantity, and a change never drives stock below zero.
 */

export interface StockChange {
  skuId: number;
  orgId: number;
  /** `set`: the units there are now; `adjust`: units added (negative: taken away). */
  mode: 'set' | 'adjust';
  units: number;
  reason: string;
  operatorId: number;
}

export const BELOW_ZERO = 'That would leave fewer than no units in stock.';

/** Applies a change in `tx` and writes its history row; answers the units before and after. */
export const changeStock = async (tx: Tx, c: StockChange): Promise<{ before: number; after: number }> => {
  await tx.execute(
    sql`insert into stock (sku_id, org_id, quantity) values (${c.skuId}, ${c.orgId}, 0)
        on conflict (sku_id, org_id) do nothing`,
  );
  const [row] = await rowsOf<{ quantity: number }>(
    tx,
    sql`select quantity from stock where sku_id = ${c.skuId} and org_id = ${c.orgId} for update`,
  );
  const before = row!.quantity;
  const after = c.mode === 'set' ? c.units : before + c.units;
  if (after < 0) throw conflict({ field: 'units', message: BELOW_ZERO });
  if (after > 2_147_483_647) throw conflict({ field: 'units', message: 'is more units than stock can hold' });
  await tx.execute(
    sql`update stock set quantity = ${after} where sku_id = ${c.skuId} and org_id = ${c.orgId}`,
  );
  await tx.execute(
    sql`insert into stock_history (sku_id, org_id, operator_id, before, after, reason)
        values (${c.skuId}, ${c.orgId}, ${c.operatorId}, ${before}, ${after}, ${c.reason})`,
  );
  return { before, after };
};

export interface SkuStock {
  skuId: number;
  code: string;
  goodsId: number;
  goodsName: string;
  label: string;
  /** Units per organisation id (organisations without a row hold none). */
  units: Record<number, number>;
}

/** A SKU by its code or id, with its units at every organisation; 404 when there is none. */
export const readSkuStock = async (db: Db, by: { code: string } | { id: number }): Promise<SkuStock> => {
  const [s] = await rowsOf<{
    id: number;
    code: string;
    goods_id: number;
    name: string;
    option_names: string[];
    options: Record<string, string>;
    units: Record<string, number> | null;
  }>(
    db,
    sql`select s.id, s.code, s.goods_id, g.name, g.option_names, s.options,
          (select json_object_agg(st.org_id, st.quantity) from stock st where st.sku_id = s.id) as units
        from sku s join goods g on g.id = s.goods_id
        where ${'code' in by ? sql`s.code = ${by.code.toUpperCase()}` : sql`s.id = ${by.id}`}`,
  );
  if (!s) throw notFound('There is no SKU with that code.');
  return {
    skuId: s.id,
    code: s.code,
    goodsId: s.goods_id,
    goodsName: s.name,
    label: skuLabelOf(s.option_names, s.options),
    units: Object.fromEntries(Object.entries(s.units ?? {}).map(([k, v]) => [Number(k), v])),
  };
};

export interface StockHistoryRow {
  id: number;
  at: string;
  orgId: number;
  operatorId: number;
  before: number;
  after: number;
  reason: string;
}

/** A SKU's stock changes, newest first, a page of `pageSize`. */
export const readStockHistory = async (db: Db, skuId: number, { pageNum, pageSize }: AdminPageQuery) => {
  const rows = await rowsOf<{
    id: string | number;
    at: Date | string;
    org_id: number;
    operator_id: number;
    before: number;
    after: number;
    reason: string;
  }>(
    db,
    sql`select id, at, org_id, operator_id, before, after, reason from stock_history
        where sku_id = ${skuId} order by id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from stock_history where sku_id = ${skuId}`,
  );
  const records: StockHistoryRow[] = rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    orgId: r.org_id,
    operatorId: r.operator_id,
    before: r.before,
    after: r.after,
    reason: r.reason,
  }));
  return { records, total: count?.n ?? 0, pageNum, pageSize };
};
