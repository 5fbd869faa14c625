import { type SQL, sql } from 'drizzle-orm';
import type { RawRow } from '../../db/columns.ts';
import { sqlName } from '../../lib/sql.ts';
import type { supplier } from './tables.ts';

/**
 * The supplier table's public face in SQL, for another module's statement that reads a
 * supplier in the same round trip (the SKU facts of every cart, detail and checkout read): it
 * joins the supplier with `joinSupplier` and selects what these give, typed by the rows below,
 * so only this module names the table and its columns (README: "How the code is laid out").
 */

type SupplierColumns = RawRow<typeof supplier>;

/** `join supplier <alias> on <alias>.id = <supplierId>`. */
export const joinSupplier = (alias: string, supplierId: SQL): SQL => {
  const sp = sqlName(alias);
  return sql`join supplier ${sp} on ${sp}.id = ${supplierId}`;
};

/** The name of the supplier `supplierId` names (null for none), as a scalar subquery. */
export const supplierNameOf = (supplierId: SQL): SQL =>
  sql`(select name from supplier where id = ${supplierId})`;

/** Whether the supplier joined as `alias` is enabled (its goods may be sold), as an SQL condition. */
export const supplierEnabled = (alias: string): SQL => sql`${sqlName(alias)}.enabled`;

/** The supplier joined as `alias` as a shopper sees it (a `SupplierShownRow`). */
export const supplierShownColumns = (alias: string): SQL => {
  const sp = sqlName(alias);
  return sql`${sp}.id as supplier_id, ${sp}.code as supplier_code, ${sp}.name as supplier_name, ${sp}.self`;
};

/** A row of `supplierShownColumns`. */
export type SupplierShownRow = {
  supplier_id: SupplierColumns['id'];
  supplier_code: SupplierColumns['code'];
  supplier_name: SupplierColumns['name'];
  self: SupplierColumns['self'];
};
