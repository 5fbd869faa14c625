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
