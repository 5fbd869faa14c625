import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * The category table's public face for other modules (README: "How the code is laid out"): a
 * category's name inside another module's statement, and a category's id by its key.
 */

/** The name of the category `categoryId` names (null for none), as a scalar subquery. */
export const categoryNameOf = (categoryId: SQL): SQL =>
  sql`(select name from category where id = ${categoryId})`;

/** The id of the category with `key`, or null. */
export const categoryIdByKey = async (db: Db, key: string): Promise<number | null> => {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from category where key = ${key}`);
  return row?.id ?? null;
};

/**
 * The categories of each of `goodsIds` (its category, sub-category and top category, as a
 * discount's scope names them) as one JSON value, for the order module's statement that reads
 * them beside other things in its transaction; `goodsCategoryIdsOf` reads the value.
 */
export const goodsCategoryIdsSql = (goodsIds: readonly number[]): SQL =>
  sql`(select coalesce(json_object_agg(g.id, json_build_array(g.category_id, g.sub_category_id, g.top_category_id)),
        '{}'::json)
      from goods g where g.id = any(${`{${[...new Set(goodsIds)].join(',')}}`}::int[]))`;

/** The categories of each goods (by goods id) of `goodsCategoryIdsSql`'s value, without the empty ones. */
export const goodsCategoryIdsOf = (value: Record<string, (number | null)[]>): Map<number, number[]> =>
  new Map(Object.entries(value).map(([id, ids]) => [Number(id), ids.filter((c): c is number => c !== null)]));
