import type { CollectAnswer } from '@mall/shared/contract/favourite';
import { FAVOURITE_NOT_SOLD, favouritesFullMessage } from '@mall/shared/contract/favourite';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns, counted } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { type CardRows, isGoodsShown } from '../catalogue/index.ts';
import type { Shopper } from '../shopper/index.ts';
import type { PageEntry } from './page-writer.ts';
import { favouriteGoods } from './tables.ts';

/** A member's favourite goods (docs/favourites.md): collect, list, clear. */

/** A favourite's good (`goods_id`): what a delete removed. */
const goodsIdColumn = columns({ goods_id: favouriteGoods.goodsId });

const countOf = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await rowsOf(
    db,
    counted.query`select ${counted} from favourite_goods where member_id = ${memberId}`,
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
    const removed = await rowsOf(
      tx,
      goodsIdColumn.query`delete from favourite_goods where member_id = ${memberId} and goods_id = ${goodsId} returning ${goodsIdColumn}`,
    );
    if (removed.length > 0) return { goodsId, collected: false, total: await countOf(tx, memberId) };
    if (!(await isGoodsShown(tx, goodsId))) throw notFound(FAVOURITE_NOT_SOLD);
    const total = await countOf(tx, memberId);
    if (total >= input.max) throw conflict(favouritesFullMessage(input.max));
    await tx.execute(sql`insert into favourite_goods (member_id, goods_id) values (${memberId}, ${goodsId})`);
    return { goodsId, collected: true, total: total + 1 };
  });

/** A member's whole list, newest first: the goods and when each was collected (ms since 1970). */
export interface FavouriteList {
  goodsIds: Int32Array;
  collectedAt: Float64Array;
}

/**
 * Reads the member's whole list (at most FAVOURITES_MAX goods), newest first, in the order of
 * favourite_goods_member_newest_idx. Pages are cut from it in memory (`listFavourites`); the
 * routes keep it between reads (list-cache.ts).
 */
const listColumns = columns({
  goods_id: favouriteGoods.goodsId,
  at: sql<number>`(extract(epoch from collected_at) * 1000)::float8`,
});

export const readFavouriteList = async (db: Db, memberId: number): Promise<FavouriteList> => {
  const rows = await rowsOf(
    db,
    listColumns.query`select ${listColumns} from favourite_goods
        where member_id = ${memberId}
        order by collected_at desc nulls last, goods_id desc nulls last`,
    { prepared: true },
  );
  const list = { goodsIds: new Int32Array(rows.length), collectedAt: new Float64Array(rows.length) };
  for (const [i, r] of rows.entries()) {
    list.goodsIds[i] = r.goods_id;
    list.collectedAt[i] = r.at;
  }
  return list;
};

/**
 * A page of the member's favourites `list`, newest first: each good's row as this shopper sees
 * it now (undefined when it is no longer sold or gone) and when it was collected; with
 * `goodsIds`, only the favourites among them. The rows come from `cards`, shared by every
 * member's list (as fresh as the catalogue's other reads); page-writer.ts writes the answer.
 */
export const favouritePage = async (
  cards: CardRows,
  list: FavouriteList,
  shopper: Shopper,
  query: { pageNum: number; pageSize: number; goodsIds?: readonly number[] | undefined },
): Promise<{ entries: PageEntry[]; total: number; pageNum: number; pageSize: number }> => {
  // The places in `list` of the favourites asked for: all of them, or those of `goodsIds`.
  const only = query.goodsIds ? new Set(query.goodsIds) : null;
  const matching = only ? [...list.goodsIds.keys()].filter((i) => only.has(list.goodsIds[i]!)) : null;
  const total = matching ? matching.length : list.goodsIds.length;
  const start = (query.pageNum - 1) * query.pageSize;
  const end = Math.min(total, start + query.pageSize);
  const page = Array.from({ length: Math.max(0, end - start) }, (_, k) => matching?.[start + k] ?? start + k);
  const goods = await cards.get(
    page.map((i) => list.goodsIds[i]!),
    shopper,
  );
  const entries = page.map((i): PageEntry => {
    const goodsId = list.goodsIds[i]!;
    return { goodsId, row: goods.get(goodsId), collectedAt: list.collectedAt[i]! };
  });
  return { entries, total, pageNum: query.pageNum, pageSize: query.pageSize };
};

/** Clear: removes every favourite of the member; answers how many there were. */
export const clearFavourites = async (db: Db, memberId: number): Promise<{ removed: number }> => {
  const rows = await rowsOf(
    db,
    goodsIdColumn.query`delete from favourite_goods where member_id = ${memberId} returning ${goodsIdColumn}`,
  );
  return { removed: rows.length };
};
