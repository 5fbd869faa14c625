import type { SearchSort } from '@mall/shared/contract/catalogue';
import type { Supplier } from '@mall/shared/contract/reference';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Shopper } from '../shopper/index.ts';
import { shownPriceSql, tierPriceColumn } from './pricing.ts';
import { idList, iso, subtreeColumn } from './service.ts';

/**
 * The catalogue's side of a goods search: the statements over its goods, categories, SKUs and
 * promotions. What a keyword means, when typos are forgiven and how pages are put together is the
 * search module's (search/goods-search.ts).
 */

/** Above this many matches, relevance leaves out the trigram similarity of the name (~10 us a row). */
const RANK_SIMILARITY_ROWS = 1000;

/** The page, order and price range of a goods search, as the statements take them. */
export interface GoodsPageQuery {
  priceMinCents?: number | undefined;
  priceMaxCents?: number | undefined;
  sort: SearchSort;
  pageNum: number;
  pageSize: number;
}

/** What one run of the search found: counts per (facet, supplier) and the page of ids. */
export interface Found {
  /** Goods per facet category and supplier, over every shown supplier (the supplier filter left out). */
  counts: { facet_id: number; supplier_id: number; n: number }[];
  ids: number[];
}

/** Where a search looks: the shown suppliers, the chosen one, and the category subtree. */
export interface Scope {
  suppliers: Supplier[];
  disabledIds: number[];
  chosenId: number | null;
  category: { id: number; level: number } | null;
  /** The category level the category facet counts: the children of the chosen category. */
  facetColumn: 'top_category_id' | 'sub_category_id' | 'category_id';
}

/** A category's level, or null when there is no such category. */
export const categoryLevelOf = async (db: Db, id: number) =>
  (
    await rowsOf<{ id: number; level: number }>(db, sql`select id, level from category where id = ${id}`)
  )[0] ?? null;

/** The categories of `ids` that exist, in the shop's category order (sort, id). */
export const categoryNamesOf = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : rowsOf<{ id: number; name: string }>(
        db,
        sql`select id, name from category where id in ${idList([...ids])} order by sort, id`,
      );

/** The ORDER BY of a sort; sales and newest match the goods_sales_idx and goods_created_idx order (nulls last). */
const sortOrder = (sort: SearchSort, ranked: boolean, similarity: SQL): SQL =>
  sort === 'priceAsc'
    ? sql`price, id`
    : sort === 'priceDesc'
      ? sql`price desc, id`
      : sort === 'newest'
        ? sql`created_at desc nulls last, id`
        : sort === 'relevance' && ranked
          ? sql`rank + ${similarity} desc, sales desc, id`
          : sql`sales desc nulls last, id`;

/**
 * Every good when there is no keyword and no price range: the counts come from `goods_count`
 * (kept by a trigger) and the page from the sales, newest or price order of the goods themselves,
 * so browsing 100,000 goods costs a few index reads instead of counting them all.
 */
export const browseGoods = async (
  db: Db,
  q: GoodsPageQuery,
  scope: Scope,
  shopper: Shopper,
): Promise<Found> => {
  const where: SQL[] = [sql`g.enabled`];
  const countWhere: SQL[] = [sql`gc.n > 0`];
  if (scope.disabledIds.length > 0) {
    where.push(sql`g.supplier_id not in ${idList(scope.disabledIds)}`);
    countWhere.push(sql`gc.supplier_id not in ${idList(scope.disabledIds)}`);
  }
  if (scope.chosenId !== null) where.push(sql`g.supplier_id = ${scope.chosenId}`);
  if (scope.category) {
    where.push(sql`g.${sql.raw(subtreeColumn(scope.category.level))} = ${scope.category.id}`);
    const column =
      scope.category.level === 1 ? 'c2.parent_id' : scope.category.level === 2 ? 'c2.id' : 'c3.id';
    countWhere.push(sql`${sql.raw(column)} = ${scope.category.id}`);
  }
  const facet =
    scope.facetColumn === 'top_category_id'
      ? 'c2.parent_id'
      : scope.facetColumn === 'sub_category_id'
        ? 'c2.id'
        : 'c3.id';
  const byPrice = q.sort.startsWith('price');
  const price = sql.raw(shownPriceSql(tierPriceColumn(shopper.tier, 'goods', 'g'), 'pm.price_cents'));
  const [counts, idRows] = await Promise.all([
    rowsOf<Found['counts'][number]>(
      db,
      sql`select ${sql.raw(facet)} as facet_id, gc.supplier_id, sum(gc.n)::int as n
          from goods_count gc join category c3 on c3.id = gc.category_id join category c2 on c2.id = c3.parent_id
          where ${sql.join(countWhere, sql` and `)}
          group by 1, 2`,
    ),
    rowsOf<{ id: number }>(
      db,
      sql`select g.id ${byPrice ? sql`, ${price} as price` : sql``}, g.sales, g.created_at
          from goods g ${byPrice ? promotionJoin(shopper) : sql``}
          where ${sql.join(where, sql` and `)}
          order by ${sortOrder(q.sort, false, sql`0`)}
          limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { counts, ids: idRows.map((r) => r.id) };
};

/** The lowest promotion price running now per good, joined as `pm` (price sorts and filters). */
const promotionJoin = (shopper: Shopper) =>
  sql`left join (select p.goods_id, min(p.price_cents) as price_cents from promotion p
        where p.starts_at <= ${iso(shopper.now)}::timestamptz and p.ends_at > ${iso(shopper.now)}::timestamptz
        group by p.goods_id) pm on pm.goods_id = g.id`;

/**
 * A keyword, a price range, or both: the matches are collected once (ids and the few columns that
 * order them), then counted per facet and paged. `match` says how the keyword is matched.
 */
export const matchGoods = async (
  db: Db,
  q: GoodsPageQuery,
  scope: Scope,
  shopper: Shopper,
  match: 'text' | 'spelling',
  keyword: { text: string; folded: string } | null,
): Promise<Found> => {
  const where: SQL[] = [sql`g.enabled`];
  if (scope.disabledIds.length > 0) where.push(sql`g.supplier_id not in ${idList(scope.disabledIds)}`);
  if (scope.category) {
    where.push(sql`g.${sql.raw(subtreeColumn(scope.category.level))} = ${scope.category.id}`);
  }
  const needsPrice =
    q.priceMinCents !== undefined || q.priceMaxCents !== undefined || q.sort.startsWith('price');
  const price = sql.raw(shownPriceSql(tierPriceColumn(shopper.tier, 'goods', 'g'), 'pm.price_cents'));
  if (q.priceMinCents !== undefined) where.push(sql`${price} >= ${q.priceMinCents}`);
  if (q.priceMaxCents !== undefined) where.push(sql`${price} <= ${q.priceMaxCents}`);

  let rank = sql`0`;
  let similarity = sql`0`;
  if (keyword !== null) {
    const norm = keyword.folded;
    if (match === 'text') {
      const tsq = sql`websearch_to_tsquery('english', mall_unaccent(${keyword.text}))`;
      // A SKU code or barcode typed as the keyword finds its good (docs/order-import.md: SKU codes).
      const code = keyword.text.replace(/\s+/g, '').toUpperCase();
      where.push(
        sql`(g.search_vector @@ ${tsq} or g.id = any(array(select k.goods_id from sku k where k.code = ${code} or k.gtin = ${code})))`,
      );
      rank = sql`ts_rank(g.search_vector, ${tsq})`;
    } else {
      where.push(sql`${norm} <% g.name_norm`);
    }
    // Read only for the page's ordering, and only while the result is small enough.
    similarity = sql`case when (select count(*) from r) <= ${RANK_SIMILARITY_ROWS}
      then (select word_similarity(${norm}, n.name_norm) from goods n where n.id = r.id) else 0 end`;
  }
  // r: the matches of the chosen supplier (the supplier facet counts all of m).
  const chosen =
    scope.chosenId === null
      ? sql`select * from m`
      : sql`select * from m where supplier_id = ${scope.chosenId}`;
  const [row] = await rowsOf<{ counts: Found['counts'] | string | null; ids: number[] }>(
    db,
    sql`with m as materialized (
          select g.id, g.supplier_id, g.${sql.raw(scope.facetColumn)} as facet_id, g.sales, g.created_at,
            ${needsPrice ? price : sql`0`} as price, ${rank} as rank
          from goods g ${needsPrice ? promotionJoin(shopper) : sql``}
          where ${sql.join(where, sql` and `)}
        ), r as (${chosen})
        select
          (select json_agg(json_build_object('facet_id', facet_id, 'supplier_id', supplier_id, 'n', n))
             from (select facet_id, supplier_id, count(*)::int as n from m group by 1, 2) f) as counts,
          array(select id from r order by ${sortOrder(q.sort, keyword !== null, similarity)}
                limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}) as ids`,
  );
  const counts = typeof row!.counts === 'string' ? (JSON.parse(row!.counts) as Found['counts']) : row!.counts;
  return { counts: counts ?? [], ids: row!.ids };
};
