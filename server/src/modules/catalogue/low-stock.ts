import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/** A SKU of a good on sale whose stock at one organisation is `atMost` or fewer (the back office's dashboard). */
export interface LowStockRow {
  skuId: number;
  skuCode: string;
  goodsId: number;
  goodsName: string;
  orgId: number;
  quantity: number;
}

/** The lowest stock first, at most `limit` rows; `total` counts them all. */
export const lowStock = async (db: Db, atMost: number, limit: number) => {
  const rows = await rowsOf<{
    sku_id: number;
    sku_code: string;
    goods_id: number;
    goods_name: string;
    org_id: number;
    quantity: number;
    total: string | number;
  }>(
    db,
    sql`select s.sku_id, k.code as sku_code, g.id as goods_id, g.name as goods_name, s.org_id, s.quantity,
               count(*) over () as total
        from stock s join sku k on k.id = s.sku_id join goods g on g.id = k.goods_id
        where s.quantity <= ${atMost} and g.enabled
        order by s.quantity, g.name, k.code limit ${limit}`,
  );
  return {
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    list: rows.map(
      (r): LowStockRow => ({
        skuId: r.sku_id,
        skuCode: r.sku_code,
        goodsId: r.goods_id,
        goodsName: r.goods_name,
        orgId: r.org_id,
        quantity: r.quantity,
      }),
    ),
  };
};
