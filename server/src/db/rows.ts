import type { Table } from 'drizzle-orm';

type Column<T extends Table, K extends keyof T['_']['columns']> = T['_']['columns'][K]['_'];
/** A timestamp as the drivers answer it in raw SQL: text from node-postgres, a Date from PGlite. */
type Raw<V> = V extends Date ? Date | string : V;

/**
 * A row of `table` as raw SQL (`select`, `returning`) answers it: the database's column names
 * with the schema's types. A query picks the columns it selects (`Pick<RawRow<typeof goods>,
 * 'id' | 'name'>`) and adds what it computes.
 */
export type RawRow<T extends Table> = {
  [K in keyof T['_']['columns'] as Column<T, K>['name']]: Raw<T['$inferSelect'][K]>;
};
