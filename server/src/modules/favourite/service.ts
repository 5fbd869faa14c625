import type { CollectAnswer, Favourite, FavouritePage } from '@mall/shared/contract/favourite';
import { FAVOURITE_NOT_SOLD, favouritesFullMessage } from '@mall/shared/contract/favourite';
import type { Supplier } from '@mall/shared/contract/reference';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { goodsCards, goodsNamesOf, isGoodsShown, listSkusOfGoods } from '../catalogue/service.ts';
import type { Shopper } from '../catalogue/shopper.ts';
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

/**
 * A page of the member's favourites, newest first, each with the good as this shopper sees it
 * now (or null when it is no longer sold). With `goodsIds`, only the favourites among them.
 */
export const listFavourites = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  query: { pageNum: number; pageSize: number; goodsIds?: readonly number[] | undefined },
  /** The enabled suppliers (a caller may keep them in a short cache); read here when not given. */
  suppliers?: readonly Supplier[],
): Promise<FavouritePage> => {
  const only = query.goodsIds ? sql`and goods_id = any(${`{${query.goodsIds.join(',')}}`}::int[])` : sql``;
  const [rows, [count]] = await Promise.all([
    rowsOf<FavouriteRow>(
      db,
      sql`select goods_id, collected_at from favourite_goods
          where member_id = ${memberId} ${only}
          order by collected_at desc, goods_id desc
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
      { prepared: true },
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from favourite_goods where member_id = ${memberId} ${only}`,
      { prepared: true },
    ),
  ]);
  const ids = rows.map((r) => r.goods_id);
  // The cards (goods on sale) and the SKUs; the SKUs of a good not on sale go unused. Their
  // statements take one array of ids and are prepared; PostgreSQL would still plan the card
  // statement afresh on every call (8 ms to plan, under 1 ms to run, on the demo catalogue), so
  // here they run with its generic plan, in one transaction (which only reads).
  const [cardList, skus] =
    ids.length === 0
      ? [[], new Map()]
      : await db.transaction(async (tx) => {
          await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
          const cardsRead = await goodsCards(tx, ids, shopper, suppliers);
          return [cardsRead, await listSkusOfGoods(tx, ids, shopper)] as const;
        });
  const cards = new Map(cardList.map((c) => [c.id, c]));
  const names = await goodsNamesOf(
    db,
    ids.filter((id) => !cards.has(id)),
  );
  const records = rows.map((r): Favourite => {
    const card = cards.get(r.goods_id) ?? null;
    const goodsSkus = card ? (skus.get(r.goods_id) ?? []) : [];
    const named = card ?? names.get(r.goods_id);
    return {
      goodsId: r.goods_id,
      name: named?.name ?? '',
      thumbUrl: named?.thumbUrl ?? '',
      collectedAt: new Date(r.collected_at).toISOString(),
      goods: card,
      skuCount: goodsSkus.length,
      sku: goodsSkus.length === 1 ? goodsSkus[0]! : null,
    };
  });
  return { records, total: count?.n ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
};

/** Clear: removes every favourite of the member; answers how many there were. */
export const clearFavourites = async (db: Db, memberId: number): Promise<{ removed: number }> => {
  const rows = await rowsOf<{ goods_id: number }>(
    db,
    sql`delete from favourite_goods where member_id = ${memberId} returning goods_id`,
  );
  return { removed: rows.length };
};
