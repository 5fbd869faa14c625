import type { GoodsCard } from '@mall/shared/contract/catalogue';
import type { Supplier } from '@mall/shared/contract/reference';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { growingLru } from '../../lib/lru.ts';
import { rowsOf } from '../../lib/sql.ts';
import {
  CardRows,
  cardOfCardWithSkus,
  cardOfRow,
  catalogueChanges,
  HeldCardRows,
  listCategoriesInOrder,
  ReadCache,
  tierPrice,
} from '../catalogue/index.ts';
import { resolveStockOrganisationId } from '../reference/index.ts';
import { type Shopper, shopperKey } from '../shopper/index.ts';
import type { FacetLevel } from './goods-index.ts';
import type { GoodsIndexSync } from './goods-index-sync.ts';
import { databaseReads, type SearchReads } from './goods-search.ts';
import { keywordOf } from './keyword.ts';
import { parseTsquery, supportsInMemory, type TsQuery } from './pg-text.ts';
import { wordSimilarityTo } from './pg-trigram.ts';

/** Keywords whose parsed query is kept (a keyword's query never changes). */
const PARSED_MAX = 10_000;

/**
 * Goods cards held until they change (told by the index's looks), at most this many per stock
 * organisation (about 0.3 kB each), and read again at the latest after HELD_CARDS_MS.
 */
const HELD_CARDS_MAX = 250_000;
const HELD_CARDS_MS = 10 * 60_000;

const facetLevels = {
  top_category_id: 'top',
  sub_category_id: 'sub',
  category_id: 'cat',
} as const satisfies Record<string, FacetLevel>;

/**
 * The reads of the shop's search (goods-search.ts' SearchReads) as the search route
 * makes them: suppliers, categories and goods cards kept as long as the catalogue's other reads
 * (`cacheMs`), and keyword and price searches matched in the process's goods index when it is
 * filled (search/goods-index.ts), so a search that no cache holds is answered without the
 * database. A search the index cannot answer (a quoted phrase, a spelling fallback, browsing
 * without a keyword) goes to the database as before.
 *
 * Freshness: with `cacheMs` 0 the index catches up with the database before every search; else it
 * looks every second on its own, and at once when this process changed the catalogue.
 */
export const indexedSearchReads = (
  db: Db,
  cacheMs: number,
  sync: GoodsIndexSync | null,
  { now = Date.now }: { now?: () => number } = {},
): SearchReads => {
  const fromDb = databaseReads(db);
  // A reload of the suppliers that finds them as they were keeps the same objects: each held
  // card's priced card is made again only when its supplier is a different object (below), and
  // with new objects every `cacheMs` every card was made and written again (2 of a never-repeated
  // search's 19 cards, 0.41 against 0.29 ms of CPU a search).
  const cache = new ReadCache(cacheMs, { keepEqual: true, now });
  // With the index keeping in step, a card is read again only when its good, SKUs, promotions or
  // stock change (or a promotion starts or ends), instead of every `cacheMs`; every good's card is
  // read in once, so a page of cards needs no database (catalogue/held-card-rows.ts).
  const held =
    sync !== null && cacheMs > 0
      ? new HeldCardRows(db, sync, { max: HELD_CARDS_MAX, maxAgeMs: HELD_CARDS_MS, now })
      : null;
  // The shop's own stock organisation's cards are read in as soon as the index is filled.
  if (held) {
    sync!.onChange((ids) => {
      if (ids === 'all') {
        resolveStockOrganisationId(db, null).then(
          (org) => held.warm(org),
          () => {},
        );
      }
    });
  }
  const cards = new CardRows(db, cacheMs);
  // A held row's card per kind of shopper, the same object as long as the row and its supplier
  // are (so its written JSON is kept too: search/routes.ts).
  const heldCards = async (ids: readonly number[], shopper: Shopper, suppliers: readonly Supplier[]) => {
    const supplierById = new Map<number, Supplier>(suppliers.map((s) => [s.id, s]));
    const kind = shopperKey(shopper);
    const found: GoodsCard[] = [];
    for (const heldCard of await held!.get(ids, shopper)) {
      const { row } = heldCard;
      const supplier = supplierById.get(row.supplier_id);
      let mine = heldCard.made?.get(kind) as
        | { supplier: Supplier | undefined; card: GoodsCard | null }
        | undefined;
      if (!mine || mine.supplier !== supplier) {
        const card = cardOfRow(row, supplierById, shopper);
        mine = { supplier, card: card && Object.freeze(card) };
        heldCard.made ??= new Map();
        heldCard.made.set(kind, mine);
      }
      if (mine.card) found.push(mine.card);
    }
    return found;
  };
  const parsed = growingLru<string, { query: TsQuery | null }>(PARSED_MAX);
  let seenChanges = catalogueChanges();

  const categories = () => cache.get('categories', () => listCategoriesInOrder(db));
  const queryOf = async (keyword: string) => {
    const held = parsed.get(keyword);
    if (held) return held.query;
    const [row] = await rowsOf<{ q: string }>(
      db,
      sql`select websearch_to_tsquery('english', mall_unaccent(${keyword}))::text as q`,
      { prepared: true },
    );
    const query = parseTsquery(row!.q);
    parsed.set(keyword, { query });
    return query;
  };

  return {
    suppliers: () => cache.get('suppliers', fromDb.suppliers),
    disabledSupplierIds: () => cache.get('disabled-suppliers', fromDb.disabledSupplierIds),
    category: async (id) => (await categories()).find((c) => c.id === id) ?? null,
    categoryNames: async (ids) => {
      const wanted = new Set(ids);
      return (await categories()).filter((c) => wanted.has(c.id));
    },
    cards: async (ids, shopper, suppliers) => {
      if (held) return heldCards(ids, shopper, suppliers);
      const rows = await cards.get(ids, shopper);
      const supplierById = new Map<number, Supplier>(suppliers.map((s) => [s.id, s]));
      return ids.flatMap((id) => {
        const row = rows.get(id);
        const card = row && cardOfCardWithSkus(row, supplierById, shopper);
        return card ? [card] : [];
      });
    },
    match: async (q, scope, shopper, keyword) => {
      if (!sync?.index) return null;
      if (cacheMs === 0 || seenChanges !== catalogueChanges()) {
        seenChanges = catalogueChanges();
        await sync.catchUp();
      }
      const text = keyword === null ? null : await queryOf(keyword);
      const folded = keyword === null ? null : keywordOf(keyword).folded;
      if (text !== null && !supportsInMemory(text)) return null;
      const index = sync.index;
      return index.search({
        keyword: keyword !== null,
        text,
        code: keyword === null ? null : keyword.replace(/\s+/g, '').toUpperCase(),
        category: scope.category,
        facet: facetLevels[scope.facetColumn],
        disabledSuppliers: scope.disabledIds,
        chosenSupplier: scope.chosenId,
        priceMinCents: q.priceMinCents,
        priceMaxCents: q.priceMaxCents,
        tier: tierPrice(shopper.tier),
        nowMs: shopper.now.getTime(),
        sort: q.sort,
        offset: (q.pageNum - 1) * q.pageSize,
        limit: q.pageSize,
        ...(folded === null
          ? { similarity: null }
          : { similarity: wordSimilarityTo(folded), similarityKey: folded }),
      });
    },
  };
};
