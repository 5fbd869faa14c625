import type { GoodsCard, SearchSort } from '@mall/shared/contract/catalogue';
import type { Supplier } from '@mall/shared/contract/reference';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { listDisabledSupplierIds, listSuppliers } from '../reference/index.ts';
import type { Shopper } from '../shopper/index.ts';
import { shownPriceSql, tierPriceColumn } from './pricing.ts';
import { foldText, goodsCards, idList, iso, subtreeColumn } from './service.ts';

/** Above this many matches, relevance leaves out the trigram similarity of the name (~10 us a row). */
const RANK_SIMILARITY_ROWS = 1000;

export interface GoodsSearch {
  /** Trimmed; undefined, empty or 'all' means every good. */
  keyword?: string | undefined;
  /** Supplier code. */
  supplier?: string | undefined;
  categoryId?: number | undefined;
  priceMinCents?: number | undefined;
  priceMaxCents?: number | undefined;
  sort: SearchSort;
  pageNum: number;
  pageSize: number;
}

interface Facet {
  id: number;
  name: string;
  count: number;
}

export interface GoodsSearchPage {
  records: GoodsCard[];
  total: number;
  pageNum: number;
  pageSize: number;
  /**
   * Category counts are of the result. Supplier counts are of the result without its supplier
   * filter, so a shopper who picked one supplier still sees how many each other one has.
   */
  facets: {
    categories: Facet[];
    suppliers: { code: string; name: string; count: number }[];
  };
  /**
   * How the keyword matched: full text; full text of the keyword with its words corrected to the
   * closest catalogue words (`searchedFor`); close spellings of goods names; or no keyword.
   */
  matchedBy: 'text' | 'corrected' | 'spelling' | null;
  /** The keyword the results are for (the corrected one when `matchedBy` is 'corrected'). */
  searchedFor: string | null;
}

/** The keyword of a search, or null for every good (`all` or empty). */
export const searchKeywordOf = (keyword: string | undefined): string | null => {
  const k = (keyword ?? '').replace(/\s+/g, ' ').trim();
  return k === '' || k.toLowerCase() === 'all' ? null : k;
};

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

/**
 * What a search reads besides the goods it matches: straight from the database (`databaseReads`),
 * or kept in memory by the shop's search (search/index-search.ts), which may also `match` goods
 * itself.
 */
export interface SearchReads {
  /** The enabled suppliers, in the shop's order. */
  suppliers(): Promise<Supplier[]>;
  disabledSupplierIds(): Promise<number[]>;
  category(id: number): Promise<{ id: number; level: number } | null>;
  /** The categories of `ids` that exist, in the shop's category order (sort, id). */
  categoryNames(ids: readonly number[]): Promise<{ id: number; name: string }[]>;
  cards(ids: readonly number[], shopper: Shopper, suppliers: readonly Supplier[]): Promise<GoodsCard[]>;
  /**
   * Finds the goods of a keyword or price search (never a spelling one) without the database,
   * or answers null and the database does.
   */
  match?(q: GoodsSearch, scope: Scope, shopper: Shopper, keyword: string | null): Promise<Found | null>;
}

export const databaseReads = (db: Db): SearchReads => ({
  suppliers: () => listSuppliers(db),
  disabledSupplierIds: () => listDisabledSupplierIds(db),
  category: async (id) =>
    (
      await rowsOf<{ id: number; level: number }>(db, sql`select id, level from category where id = ${id}`)
    )[0] ?? null,
  categoryNames: async (ids) =>
    ids.length === 0
      ? []
      : rowsOf<{ id: number; name: string }>(
          db,
          sql`select id, name from category where id in ${idList([...ids])} order by sort, id`,
        ),
  cards: (ids, shopper, suppliers) => goodsCards(db, ids, shopper, suppliers),
});

const scopeOf = async (reads: SearchReads, q: GoodsSearch): Promise<Scope | null> => {
  const [suppliers, disabledIds, category] = await Promise.all([
    reads.suppliers(),
    reads.disabledSupplierIds(),
    q.categoryId === undefined ? Promise.resolve(null) : reads.category(q.categoryId),
  ]);
  let chosenId: number | null = null;
  if (q.supplier) {
    const chosen = suppliers.find((s) => s.code.toLowerCase() === q.supplier!.toLowerCase());
    if (!chosen) return null;
    chosenId = chosen.id;
  }
  if (q.categoryId !== undefined && !category) return null;
  const facetColumn =
    category === null ? 'top_category_id' : category.level === 1 ? 'sub_category_id' : 'category_id';
  return { suppliers, disabledIds, chosenId, category, facetColumn };
};

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
const browse = async (db: Db, q: GoodsSearch, scope: Scope, shopper: Shopper): Promise<Found> => {
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
const matchGoods = async (
  db: Db,
  q: GoodsSearch,
  scope: Scope,
  shopper: Shopper,
  match: 'text' | 'spelling',
  keyword: string | null,
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
    const norm = foldText(keyword);
    if (match === 'text') {
      const tsq = sql`websearch_to_tsquery('english', mall_unaccent(${keyword}))`;
      // A SKU code or barcode typed as the keyword finds its good (docs/order-import.md: SKU codes).
      const code = keyword.replace(/\s+/g, '').toUpperCase();
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

/** Total and facets of what was found, with names. */
const summarise = async (reads: SearchReads, found: Found, scope: Scope) => {
  const inChoice = found.counts.filter((c) => scope.chosenId === null || c.supplier_id === scope.chosenId);
  const byFacet = new Map<number, number>();
  for (const c of inChoice) byFacet.set(c.facet_id, (byFacet.get(c.facet_id) ?? 0) + c.n);
  const bySupplier = new Map<number, number>();
  for (const c of found.counts) bySupplier.set(c.supplier_id, (bySupplier.get(c.supplier_id) ?? 0) + c.n);
  const names = await reads.categoryNames([...byFacet.keys()]);
  return {
    total: inChoice.reduce((sum, c) => sum + c.n, 0),
    categories: names.map((c) => ({ id: c.id, name: c.name, count: byFacet.get(c.id)! })),
    suppliers: scope.suppliers
      .filter((s) => (bySupplier.get(s.id) ?? 0) > 0)
      .map((s) => ({ code: s.code, name: s.name, count: bySupplier.get(s.id)! }))
      .sort((a, b) => b.count - a.count),
  };
};

/**
 * Searches the shown goods. A keyword matches the weighted full-text document (name, category
 * names, supplier, description; English stemming, accents and case folded). When nothing matches,
 * and the keyword finds nothing without the filters either, typos are forgiven: first the keyword with each word corrected to the closest catalogue word
 * (`correct`, from the suggestion dictionary), then close spellings of goods names (trigram word
 * similarity). Relevance is ts_rank plus the name's trigram similarity.
 */
export const searchGoods = async (
  db: Db,
  q: GoodsSearch,
  shopper: Shopper,
  correct: (keyword: string) => Promise<string | null> = async () => null,
  reads: SearchReads = databaseReads(db),
): Promise<GoodsSearchPage> => {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const scope = await scopeOf(reads, q);
  if (!scope) {
    return {
      records: [],
      total: 0,
      ...page,
      facets: { categories: [], suppliers: [] },
      matchedBy: null,
      searchedFor: null,
    };
  }
  const typed = searchKeywordOf(q.keyword);
  const browsing = (keyword: string | null) =>
    keyword === null && q.priceMinCents === undefined && q.priceMaxCents === undefined;
  const runIn = async (on: GoodsSearch, where: Scope, match: 'text' | 'spelling', keyword: string | null) => {
    if (browsing(keyword)) return browse(db, on, where, shopper);
    const inMemory = match === 'text' && reads.match ? await reads.match(on, where, shopper, keyword) : null;
    return inMemory ?? matchGoods(db, on, where, shopper, match, keyword);
  };
  const run = (match: 'text' | 'spelling', keyword: string | null) => runIn(q, scope, match, keyword);
  const found = (f: Found) =>
    f.counts.some((c) => scope.chosenId === null || c.supplier_id === scope.chosenId);
  /**
   * Whether the keyword finds goods once the filters are left out: then it is no typo, the filters
   * left nothing, and close spellings are not tried (they would find goods the keyword did not ask for).
   */
  const filtered =
    q.supplier !== undefined ||
    q.categoryId !== undefined ||
    q.priceMinCents !== undefined ||
    q.priceMaxCents !== undefined;
  const findsUnfiltered = async (keyword: string) => {
    const every = {
      ...q,
      supplier: undefined,
      categoryId: undefined,
      priceMinCents: undefined,
      priceMaxCents: undefined,
    };
    const whole: Scope = { ...scope, chosenId: null, category: null, facetColumn: 'top_category_id' };
    return (await runIn({ ...every, pageNum: 1, pageSize: 1 }, whole, 'text', keyword)).counts.length > 0;
  };

  let matchedBy: GoodsSearchPage['matchedBy'] = typed === null ? null : 'text';
  let searchedFor = typed;
  let result = await run('text', typed);
  if (
    !found(result) &&
    typed !== null &&
    foldText(typed).length >= 3 &&
    !(filtered && (await findsUnfiltered(typed)))
  ) {
    const corrected = await correct(typed);
    const fixed = corrected ? await run('text', corrected) : null;
    if (fixed && found(fixed)) {
      result = fixed;
      matchedBy = 'corrected';
      searchedFor = corrected;
    } else {
      const spelled = await run('spelling', typed);
      if (found(spelled)) {
        result = spelled;
        matchedBy = 'spelling';
      }
    }
  }
  const [summary, records] = await Promise.all([
    summarise(reads, result, scope),
    reads.cards(result.ids, shopper, scope.suppliers),
  ]);
  return {
    records,
    total: summary.total,
    ...page,
    facets: { categories: summary.categories, suppliers: summary.suppliers },
    matchedBy,
    searchedFor,
  };
};
