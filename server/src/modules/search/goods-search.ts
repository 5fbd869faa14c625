import type { GoodsCard } from '@mall/shared/contract/catalogue';
import type { Supplier } from '@mall/shared/contract/reference';
import type { Db } from '../../db/client.ts';
import {
  browseGoods,
  categoryLevelOf,
  categoryNamesOf,
  type Found,
  type GoodsPageQuery,
  goodsCards,
  matchGoods,
  type Scope,
} from '../catalogue/index.ts';
import { listDisabledSupplierIds, listSuppliers } from '../reference/index.ts';
import type { Shopper } from '../shopper/index.ts';
import { keywordOf, searchKeywordOf } from './keyword.ts';

/**
 * A goods search (docs/search.md): what the keyword means, when typos are forgiven, the facets
 * and the page. The statements it runs over the catalogue's goods, categories and promotions are
 * the catalogue's (catalogue/goods-queries.ts); the shop's search index may answer them instead
 * (index-search.ts).
 */
export type { Found, Scope };

export interface GoodsSearch extends GoodsPageQuery {
  /** Trimmed; undefined, empty or 'all' means every good. */
  keyword?: string | undefined;
  /** Supplier code. */
  supplier?: string | undefined;
  categoryId?: number | undefined;
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
  category: (id) => categoryLevelOf(db, id),
  categoryNames: (ids) => categoryNamesOf(db, ids),
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
    if (browsing(keyword)) return browseGoods(db, on, where, shopper);
    const inMemory = match === 'text' && reads.match ? await reads.match(on, where, shopper, keyword) : null;
    return (
      inMemory ?? matchGoods(db, on, where, shopper, match, keyword === null ? null : keywordOf(keyword))
    );
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
    keywordOf(typed).folded.length >= 3 &&
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
