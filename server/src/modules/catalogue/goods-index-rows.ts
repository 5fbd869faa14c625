import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * The goods as the shop's in-process search index reads them (search/goods-index-sync.ts), and
 * the marks that tell it what changed (migration 0036).
 */
export interface GoodsIndexRow extends Record<string, unknown> {
  id: number;
  enabled: boolean;
  supplier_id: number;
  category_id: number;
  sub_category_id: number;
  top_category_id: number;
  sales: number;
  created_ms: number;
  retail_cents: number;
  wholesale_cents: number;
  club_cents: number;
  name_norm: string;
  /** `search_vector` in PostgreSQL's text form; null for none. */
  vector: string | null;
  /** The promotions not yet ended: [price cents, starts ms, ends ms]; JSON text on some drivers. */
  promotions: [number, number, number][] | string | null;
  /** The codes and barcodes of its SKUs. */
  codes: string[] | null;
}

const columns = sql`g.id, g.enabled, g.supplier_id, g.category_id, g.sub_category_id, g.top_category_id,
  g.sales, (extract(epoch from g.created_at) * 1000)::float8 as created_ms,
  g.retail_cents, g.wholesale_cents, g.club_cents, g.name_norm, g.search_vector::text as vector,
  (select json_agg(json_build_array(p.price_cents, (extract(epoch from p.starts_at) * 1000)::float8,
                                    (extract(epoch from p.ends_at) * 1000)::float8))
     from promotion p where p.goods_id = g.id and p.ends_at > now()) as promotions,
  (select array_agg(c) from sku k cross join lateral unnest(array[k.code, k.gtin]) c
     where k.goods_id = g.id and c is not null) as codes`;

/**
 * Where a look at the changes stands: the oldest transaction still running (every write not
 * visible now comes from it or a later one) and how many times goods were deleted.
 */
export interface GoodsChangeMark extends Record<string, unknown> {
  xmin: string;
  deletions: string;
}

export const readGoodsChangeMark = async (db: Db): Promise<GoodsChangeMark> =>
  (
    await rowsOf<GoodsChangeMark>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
            (select n from goods_search_deletions)::text as deletions`,
    )
  )[0]!;

/** The goods written by transaction `xmin` or later (a mark's `xmin`). */
export const readGoodsWrittenSince = (db: Db, xmin: string): Promise<GoodsIndexRow[]> =>
  rowsOf<GoodsIndexRow>(db, sql`select ${columns} from goods g where g.search_xid >= ${xmin}::xid8`);

/** The goods whose stock rows were written by transaction `xmin` or later (migration 0037). */
export const readStockGoodsWrittenSince = async (db: Db, xmin: string): Promise<number[]> =>
  (
    await rowsOf<{ goods_id: number }>(
      db,
      sql`select distinct k.goods_id from stock st join sku k on k.id = st.sku_id where st.search_xid >= ${xmin}::xid8`,
    )
  ).map((r) => r.goods_id);

/** Up to `limit` goods with ids above `afterId`, in id order. */
export const readGoodsAfter = (db: Db, afterId: number, limit: number): Promise<GoodsIndexRow[]> =>
  rowsOf<GoodsIndexRow>(
    db,
    sql`select ${columns} from goods g where g.id > ${afterId} order by g.id limit ${limit}`,
  );

/** Every category with its level and name, in the shop's order (sort, id). */
export const listCategoriesInOrder = (db: Db) =>
  rowsOf<{ id: number; level: number; name: string }>(
    db,
    sql`select id, level, name from category order by sort, id`,
  );
