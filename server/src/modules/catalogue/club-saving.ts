import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * How far club prices sit below retail prices across the goods on sale (docs/wallet.md: club
 * membership), for the club's plans to say what they save. Per SKU of an enabled good, the saving
 * is (retail - club) / retail; `average` is their mean, `typical` their median. Both are
 * fractions (0.08 is 8%); 0 when nothing is on sale.
 */
export interface ClubSaving {
  skus: number;
  average: number;
  typical: number;
}

export const clubSavingOf = async (db: Db): Promise<ClubSaving> => {
  const [row] = await rowsOf<{ skus: number; average: number | null; typical: number | null }>(
    db,
    sql`select count(*)::int as skus,
          avg((s.retail_price_cents - s.club_price_cents)::float8 / s.retail_price_cents) as average,
          percentile_cont(0.5) within group (order by (s.retail_price_cents - s.club_price_cents)::float8 / s.retail_price_cents) as typical
        from sku s join goods g on g.id = s.goods_id
        where g.enabled`,
  );
  return {
    skus: row?.skus ?? 0,
    average: Number(row?.average ?? 0),
    typical: Number(row?.typical ?? 0),
  };
};
