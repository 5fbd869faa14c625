import type { CollectAnswer, Favourite, FavouritePage } from '@mall/shared/contract/favourite';
import { FAVOURITE_NOT_SOLD, favouritesFullMessage } from '@mall/shared/contract/favourite';
import type { Supplier } from '@mall/shared/contract/reference';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { CardRows } from '../catalogue/card-rows.ts';
import { cardWithSkusOf, isGoodsShown } from '../catalogue/service.ts';
import type { Shopper } from '../catalogue/shopper.ts';
import { listSuppliers } from '../reference/service.ts';
import type { favouriteGoods } from './tables.ts';

/** A member's favourite goods (docs/favourites.md): collect, list, clear. */

const countOf = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from favourite_goods where member_id = ${memberId}`,
  );
  return row?.n ?? 0;
};

/** How many favourites the member keeps (the personal centre's count). */
export const favouriteCount = (db: Db, memberId: number): Promise<number> => countOf(db, memberId);

/**
 * Collect toggles good `goodsId` in or out of the member's favourites and answers the new
 * state. A favourite is always removed, sold or not; a new one must be a good on sale now (else
 * 404), and the member may keep at most `max` (else 409, nothing written). One member's collects
 * follow each other (an advisory lock on the member), so two at once cannot pass the limit.
 */
export const toggleFavourite = (
  db: Db,
  input: { memberId: number; goodsId: number; max: number },
): Promise<CollectAnswer> =>
  db.transaction(async (tx) => {
    const { memberId, goodsId } = input;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('favourite_goods'), ${memberId})`);
    const removed = await rowsOf<{ goods_id: number }>(
      tx,
      sql`delete from favourite_goods where member_id = ${memberId} and goods_id = ${goodsId} returning goods_id`,
    );
    if (removed.length > 0) return { goodsId, collected: false, total: await countOf(tx, memberId) };
    if (!(await isGoodsShown(tx, goodsId))) throw notFound(FAVOURITE_NOT_SOLD);
    const total = await countOf(tx, memberId);
    if (total >= input.max) throw conflict(favouritesFullMessage(input.max));
    await tx.execute(sql`insert into favourite_goods (member_id, goods_id) values (${memberId}, ${goodsId})`);
    return { goodsId, collected: true, total: total + 1 };
  });

type FavouriteRow = Pick<RawRow<typeof favouriteGoods>, 'goods_id' | 'collected_at'>;

/** A row of the page's statement: the list's size, then a favourite (null ones on an empty page). */
type PageRow = { total: number } & (FavouriteRow | { goods_id: null; collected_at: null });

/**
 * A page of the member's favourites, newest first, each with the good as this shopper sees it
 * now (or null when it is no longer sold). With `goodsIds`, only the favourites among them.
 * One statement reads the page and the list's size; the goods come from `cards`, shared by every
 * member's list (its rows are as fresh as the catalogue's other reads).
 */
export const listFavourites = async (
  db: Db,
  cards: CardRows,
  memberId: number,
  shopper: Shopper,
  query: { pageNum: number; pageSize: number; goodsIds?: readonly number[] | undefined },
  /** The enabled suppliers (a caller may keep them in a short cache); read here when not given. */
  suppliers?: readonly Supplier[],
): Promise<FavouritePage> => {
  const only = query.goodsIds ? sql`and goods_id = any(${`{${query.goodsIds.join(',')}}`}::int[])` : sql``;
  // The order is the index's (favourite_goods_member_newest_idx), so the page is read from it.
  const rows = await rowsOf<PageRow>(
    db,
    sql`select t.total, p.goods_id, p.collected_at
        from (select count(*)::int as total from favourite_goods where member_id = ${memberId} ${only}) t
        left join lateral (
          select goods_id, collected_at from favourite_goods
          where member_id = ${memberId} ${only}
          order by collected_at desc nulls last, goods_id desc nulls last
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}) p on true`,
    { prepared: true },
  );
  const page = rows.filter((r): r is PageRow & FavouriteRow => r.goods_id !== null);
  const [goods, enabled] = await Promise.all([
    cards.get(
      page.map((r) => r.goods_id),
      shopper,
    ),
    suppliers ?? listSuppliers(db),
  ]);
  const supplierById = new Map(enabled.map((s) => [s.id, s]));
  const records = page.flatMap((r): Favourite[] => {
    const row = goods.get(r.goods_id);
    if (!row) return [];
    const shown = cardWithSkusOf(row, supplierById, shopper);
    return [
      {
        goodsId: r.goods_id,
        name: row.name,
        thumbUrl: row.thumb,
        collectedAt: new Date(r.collected_at).toISOString(),
        goods: shown?.card ?? null,
        skuCount: shown?.skus.length ?? 0,
        sku: shown?.skus.length === 1 ? shown.skus[0]! : null,
      },
    ];
  });
  return { records, total: rows[0]?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
};

/** Clear: removes every favourite of the member; answers how many there were. */
export const clearFavourites = async (db: Db, memberId: number): Promise<{ removed: number }> => {
  const rows = await rowsOf<{ goods_id: number }>(
    db,
    sql`delete from favourite_goods where member_id = ${memberId} returning goods_id`,
  );
  return { removed: rows.length };
};
