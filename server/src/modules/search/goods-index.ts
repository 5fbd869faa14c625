import { isDeepStrictEqual } from 'node:util';
import type { SearchSort } from '@mall/shared/contract/catalogue';
import { LRUCache } from 'lru-cache';
import type { Found, TierPrice } from '../catalogue/index.ts';
import { type DocLookup, type TsQuery, termRankOr, tsMatches, tsRank } from './pg-text.ts';
import { topOf } from './top-of.ts';
import { WordView } from './word-view.ts';

/**
 * The shown goods as the shop's search needs them, held in this process's memory: what
 * PostgreSQL's search would read from the goods table, so that a search is answered without it.
 * The answers are the database search's, exactly: a good matches when its `search_vector` matches
 * the keyword's `websearch_to_tsquery` (parsed by PostgreSQL, evaluated here), relevance is
 * PostgreSQL's `ts_rank` (pg-text.ts) plus pg_trgm's `word_similarity` of the name while at most
 * `SIMILARITY_ROWS` goods are found, and facets, filters, sorts and pages are those of
 * search/goods-search.ts. goods-index-sync.ts fills it and keeps it in step with the database.
 *
 * Each good has a slot; its fields live in typed arrays by slot, and its search document (the
 * lexemes of its `search_vector` with their positions) in a small record. An inverted list per
 * lexeme holds the slots of the goods that have it, with the lexeme's rank in each (a one-word
 * search's `ts_rank`, worked out when the good is indexed).
 */

/** Above this many matches, relevance leaves out the trigram similarity of the name (as goods-search.ts). */
export const SIMILARITY_ROWS = 1000;

/** A promotion of one of the good's SKUs: price, start and end in ms (running in [start, end)). */
export type IndexedPromotion = readonly [priceCents: number, startsMs: number, endsMs: number];

export interface IndexedGood {
  id: number;
  enabled: boolean;
  supplierId: number;
  categoryId: number;
  subCategoryId: number;
  topCategoryId: number;
  sales: number;
  createdMs: number;
  retailCents: number;
  wholesaleCents: number;
  clubCents: number;
  nameNorm: string;
  /** `search_vector` as parseTsvector gives it. */
  vector: { words: string[]; positions: Uint16Array[] };
  promotions: readonly IndexedPromotion[];
  /** The codes and barcodes of its SKUs. */
  codes: readonly string[];
}

export type FacetLevel = 'top' | 'sub' | 'cat';

export interface IndexSearch {
  /** Whether a keyword was typed; `text` is its query (null when it has no lexemes, e.g. stop words only). */
  keyword: boolean;
  text: TsQuery | null;
  /** A SKU code or barcode the keyword may be (spaces out, upper case). */
  code: string | null;
  category: { id: number; level: number } | null;
  facet: FacetLevel;
  disabledSuppliers: readonly number[];
  chosenSupplier: number | null;
  priceMinCents?: number | undefined;
  priceMaxCents?: number | undefined;
  tier: TierPrice;
  nowMs: number;
  sort: SearchSort;
  offset: number;
  limit: number;
  /** `word_similarity(keyword, name)` for relevance, asked only while at most SIMILARITY_ROWS are found. */
  similarity: ((nameNorm: string) => number) | null;
  /** What `similarity` is of (the folded keyword): its answers per good are kept under it. */
  similarityKey?: string;
}

/** One-word views kept (word x tier x facet level), and keywords whose name similarities are kept. */
const VIEWS_MAX = 512;
const SIMILARITIES_MAX = 64;

interface Doc {
  /** Lexeme ids, ascending. */
  terms: Int32Array;
  /** Where each lexeme's positions start in `pos` (one more entry than `terms`). */
  starts: Uint32Array;
  /** PostgreSQL's WordEntryPos: weight in the top two bits, position below. */
  pos: Uint16Array;
}

/** The goods that have one lexeme: their slots, and the lexeme's one-word rank in each (float4). */
class Posting {
  slots = new Int32Array(4);
  ranks = new Float32Array(4);
  length = 0;

  add(slot: number, rank: number) {
    if (this.length === this.slots.length) {
      this.slots = grow(this.slots, this.length + 1);
      this.ranks = grow(this.ranks, this.length + 1);
    }
    this.slots[this.length] = slot;
    this.ranks[this.length] = rank;
    this.length++;
  }

  remove(slot: number) {
    const at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.length--;
    this.slots[at] = this.slots[this.length]!;
    this.ranks[at] = this.ranks[this.length]!;
  }
}

const EMPTY_DOC: Doc = { terms: new Int32Array(0), starts: new Uint32Array(1), pos: new Uint16Array(0) };

/** A DocLookup over one slot's document, pointed at each document in turn (no allocation per good). */
class SlotLookup implements DocLookup {
  doc: Doc = EMPTY_DOC;
  private readonly termIds: ReadonlyMap<string, number>;

  constructor(termIds: ReadonlyMap<string, number>) {
    this.termIds = termIds;
  }

  isEmpty(): boolean {
    return this.doc.terms.length === 0;
  }

  positionsOf(word: string): Uint16Array | undefined {
    const t = this.termIds.get(word);
    if (t === undefined) return undefined;
    const { terms, starts, pos } = this.doc;
    let lo = 0;
    let hi = terms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = terms[mid]!;
      if (v === t) return pos.subarray(starts[mid]!, starts[mid + 1]!);
      if (v < t) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

const grow = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array | Float32Array>(
  a: T,
  size: number,
): T => {
  if (a.length >= size) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
};

/** The running promotions' price of a good without one: above any price. */
const NO_PROMOTION = 2 ** 31 - 1;

/** The fields of a good in GoodsIndex's `hot`. */
const H_SHOWN = 0; // supplier code << 1 | enabled
const H_TOP = 1;
const H_SUB = 2;
const H_CATEGORY = 3;
const H_RETAIL = 4;
const H_WHOLESALE = 5;
const H_CLUB = 6;
const H_PROMOTION = 7;
const HOT_FIELDS = 8;

/** The dense code of `id`, numbering it next when new. */
const codeOf = (codes: Map<number, number>, ids: number[], id: number): number => {
  let code = codes.get(id);
  if (code === undefined) {
    code = ids.length;
    codes.set(id, code);
    ids.push(id);
  }
  return code;
};

/** Whether `q` can match a document that has none of its words (a NOT at the top: every good is a candidate). */
const matchesEmpty = (q: TsQuery): boolean => tsMatches({ positionsOf: () => undefined }, q);

const termsOf = (q: TsQuery, out: string[] = []): string[] => {
  if (q.kind === 'term') out.push(q.word);
  else if (q.kind === 'not') termsOf(q.arg, out);
  else {
    termsOf(q.left, out);
    termsOf(q.right, out);
  }
  return out;
};

export class GoodsIndex {
  /** Whether one-word searches are answered from their views (off only to compare with the scan). */
  private readonly wordViews: boolean;
  private size = 0;
  private readonly slotOfId = new Map<number, number>();
  private ids = new Int32Array(0);
  private sales = new Int32Array(0);
  private created = new Float64Array(0);
  /** A cheap fingerprint of the indexed document: an unchanged one is not indexed again. */
  private docHash = new Int32Array(0);
  /**
   * What a search reads of every good it looks at, side by side (HOT_FIELDS a good: one memory
   * read fetches them all): whether it is shown and its supplier, its categories at each level,
   * its three tier prices, and the lowest price of its promotions running now (NO_PROMOTION when
   * none; true from `promotionsAt` until `promotionsUntil`, between two starts or ends of any
   * promotion). Suppliers and categories are numbered densely in the order first seen (codes), so
   * that counting a search's facets fills a small array instead of a map.
   */
  private hot = new Int32Array(0);
  private promotionsAt = Number.NEGATIVE_INFINITY;
  private promotionsUntil = Number.NEGATIVE_INFINITY;
  private readonly supplierCodes = new Map<number, number>();
  private readonly supplierIds: number[] = [];
  private readonly categoryCodes = new Map<number, number>();
  private readonly categoryIds: number[] = [];
  /** A search's hits (slot, text rank, shown price) and the chosen supplier's, by index; reused. */
  private readonly scratch = {
    hitSlot: new Int32Array(0),
    hitRank: new Float64Array(0),
    hitPrice: new Int32Array(0),
    chosen: new Int32Array(0),
  };
  private names: string[] = [];
  private docs: Doc[] = [];
  private readonly promotions = new Map<number, readonly IndexedPromotion[]>();
  private readonly codeSlots = new Map<string, number>();
  private readonly codesOfSlot = new Map<number, readonly string[]>();
  private readonly termIds = new Map<string, number>();
  private readonly postings: Posting[] = [];
  private readonly lookup = new SlotLookup(this.termIds);
  /**
   * One-word views (word-view.ts) by word, tier and facet level, each with the versions it was
   * built at: its word's (bumped when a good that has or had it is written) and the index's
   * (bumped when prices change for all: a promotion starts or ends, a supplier is first seen).
   */
  private readonly views = new LRUCache<
    string,
    { view: WordView; word: number; all: number; disabled: string }
  >({
    max: VIEWS_MAX,
  });
  private termVersion = new Int32Array(0);
  private version = 0;
  /** How many times the running promotions were worked out again (an edge passed, or promotions changed). */
  private promotionRuns = 0;
  /** `word_similarity` of a keyword to each good's name (NaN until asked; float4, as PostgreSQL's), by folded keyword. */
  private readonly similarities = new LRUCache<string, Float32Array>({ max: SIMILARITIES_MAX });
  /** Marks of slots seen in the current union of lists (`stamp` per search). */
  private seen = new Uint32Array(0);
  private stamp = 0;

  constructor({ wordViews = true }: { wordViews?: boolean } = {}) {
    this.wordViews = wordViews;
  }

  /**
   * A number that changes whenever the set of running promotions may have: at `nowMs` past a
   * promotion's start or end, or after promotions were written. What was read with the promotions
   * running then (a goods card) is out of date once it changes.
   */
  promotionsEpoch(nowMs: number): number {
    this.runPromotionsAt(nowMs);
    return this.promotionRuns;
  }

  /** Goods held (enabled or not). */
  get count(): number {
    return this.size;
  }

  /** Adds a good, or replaces what the index holds of it. */
  put(g: IndexedGood): void {
    let slot = this.slotOfId.get(g.id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.size++;
      this.slotOfId.set(g.id, slot);
      const n = this.size;
      this.ids = grow(this.ids, n);
      this.hot = grow(this.hot, n * HOT_FIELDS);
      this.sales = grow(this.sales, n);
      this.created = grow(this.created, n);
      this.docHash = grow(this.docHash, n);
      this.seen = grow(this.seen, n);
      const scratch = this.scratch;
      scratch.hitSlot = grow(scratch.hitSlot, n + 1);
      scratch.hitRank = grow(scratch.hitRank, n + 1);
      scratch.hitPrice = grow(scratch.hitPrice, n + 1);
      scratch.chosen = grow(scratch.chosen, n + 1);
      this.ids[slot] = g.id;
      this.docs[slot] = EMPTY_DOC;
      this.names[slot] = '';
    }
    const at = slot * HOT_FIELDS;
    const hot = this.hot;
    const suppliersBefore = this.supplierIds.length;
    const categoriesBefore = this.categoryIds.length;
    hot[at + H_SHOWN] =
      (codeOf(this.supplierCodes, this.supplierIds, g.supplierId) << 1) | (g.enabled ? 1 : 0);
    hot[at + H_TOP] = codeOf(this.categoryCodes, this.categoryIds, g.topCategoryId);
    hot[at + H_SUB] = codeOf(this.categoryCodes, this.categoryIds, g.subCategoryId);
    hot[at + H_CATEGORY] = codeOf(this.categoryCodes, this.categoryIds, g.categoryId);
    hot[at + H_RETAIL] = g.retailCents;
    hot[at + H_WHOLESALE] = g.wholesaleCents;
    hot[at + H_CLUB] = g.clubCents;
    this.sales[slot] = g.sales;
    this.created[slot] = g.createdMs;
    if (this.names[slot] !== g.nameNorm) {
      for (const scores of this.similarities.values()) if (slot < scores.length) scores[slot] = Number.NaN;
    }
    this.names[slot] = g.nameNorm;
    if (suppliersBefore !== this.supplierIds.length || categoriesBefore !== this.categoryIds.length)
      this.version++;
    // A good written again with the same promotions (its sales, by every order) keeps their price;
    // else every good's is worked out again at the next search.
    if (isNew || !isDeepStrictEqual(this.promotions.get(slot) ?? [], g.promotions)) {
      if (g.promotions.length > 0) this.promotions.set(slot, g.promotions);
      else this.promotions.delete(slot);
      hot[at + H_PROMOTION] = NO_PROMOTION;
      this.promotionsUntil = Number.NEGATIVE_INFINITY;
    }
    this.putCodes(slot, g.codes);
    this.touchTerms(this.docs[slot]!);
    const hash = hashVector(g.vector);
    if (this.docs[slot] === EMPTY_DOC || this.docHash[slot] !== hash) {
      this.putDoc(slot, g.vector);
      this.docHash[slot] = hash;
      this.touchTerms(this.docs[slot]!);
    }
  }

  /** The views of these words are out of date. */
  private touchTerms(doc: Doc) {
    for (const t of doc.terms) this.termVersion[t]!++;
  }

  private putCodes(slot: number, codes: readonly string[]) {
    for (const c of this.codesOfSlot.get(slot) ?? []) {
      if (this.codeSlots.get(c) === slot) this.codeSlots.delete(c);
    }
    if (codes.length === 0) this.codesOfSlot.delete(slot);
    else this.codesOfSlot.set(slot, codes);
    for (const c of codes) this.codeSlots.set(c, slot);
  }

  private putDoc(slot: number, vector: IndexedGood['vector']) {
    const old = this.docs[slot]!;
    for (const t of old.terms) this.postings[t]!.remove(slot);
    const entries = vector.words.map((w, i) => {
      let t = this.termIds.get(w);
      if (t === undefined) {
        t = this.postings.length;
        this.termIds.set(w, t);
        this.postings.push(new Posting());
        this.termVersion = grow(this.termVersion, this.postings.length);
      }
      return { t, positions: vector.positions[i]! };
    });
    entries.sort((a, b) => a.t - b.t);
    const n = entries.length;
    let total = 0;
    for (const e of entries) total += e.positions.length;
    // The three arrays share one buffer: a buffer each (300,000 at 100,000 goods) made every full
    // garbage collection slower.
    const buffer = new ArrayBuffer(8 * n + 4 + 2 * total);
    const terms = new Int32Array(buffer, 0, n);
    const starts = new Uint32Array(buffer, 4 * n, n + 1);
    const pos = new Uint16Array(buffer, 8 * n + 4, total);
    let at = 0;
    entries.forEach((e, i) => {
      terms[i] = e.t;
      starts[i] = at;
      pos.set(e.positions, at);
      at += e.positions.length;
      this.postings[e.t]!.add(slot, termRankOr(e.positions));
    });
    starts[entries.length] = at;
    this.docs[slot] = { terms, starts, pos };
  }

  /** The page and facet counts of a search (search/goods-search.ts says what each part means). */
  search(q: IndexSearch): Found {
    const byWord = this.wordViews ? this.searchOneWord(q) : null;
    if (byWord) return byWord;
    const suppliers = this.supplierIds.length;
    const counts = new Int32Array(this.categoryIds.length * suppliers);
    const { chosen, chosenCount } = this.matching(q, counts);
    const found: Found['counts'] = [];
    for (let cell = 0; cell < counts.length; cell++) {
      if (counts[cell] === 0) continue;
      found.push({
        facet_id: this.categoryIds[Math.floor(cell / suppliers)]!,
        supplier_id: this.supplierIds[cell % suppliers]!,
        n: counts[cell]!,
      });
    }
    const { hitSlot } = this.scratch;
    return {
      counts: found,
      ids: this.page(q, chosen.subarray(0, chosenCount)).map((i) => this.ids[hitSlot[i]!]!),
    };
  }

  /**
   * A search of one plain word (no prefix, no weights), without a category, ordered by relevance
   * or price: answered from the word's view (word-view.ts); null for any other search. A keyword
   * that is also a SKU code of some good goes the general way (the code adds that good).
   */
  private searchOneWord(q: IndexSearch): Found | null {
    const text = q.text;
    if (!q.keyword || text?.kind !== 'term' || text.prefix || text.weights !== 0) return null;
    if (q.category !== null || (q.sort !== 'relevance' && q.sort !== 'priceAsc' && q.sort !== 'priceDesc'))
      return null;
    if (q.code !== null && this.codeSlots.has(q.code)) return null;
    this.runPromotionsAt(q.nowMs);
    const t = this.termIds.get(text.word);
    const suppliers = this.supplierIds.length;
    if (t === undefined) return { counts: [], ids: [] };
    const facetField = q.facet === 'top' ? H_TOP : q.facet === 'sub' ? H_SUB : H_CATEGORY;
    const priceField = q.tier === 'wholesale' ? H_WHOLESALE : q.tier === 'club' ? H_CLUB : H_RETAIL;
    const view = this.viewOf(t, priceField, facetField, q.disabledSuppliers);
    const similarity = q.similarity === null ? null : this.similarityOf(q.similarityKey, q.similarity);
    const page = view.page({
      min: q.priceMinCents ?? Number.NEGATIVE_INFINITY,
      max: q.priceMaxCents ?? Number.POSITIVE_INFINITY,
      pick: q.chosenSupplier === null ? -1 : (this.supplierCodes.get(q.chosenSupplier) ?? -2),
      sort: q.sort,
      offset: q.offset,
      limit: q.limit,
      similarityRows: SIMILARITY_ROWS,
      similarity,
      similarityKey: q.similarityKey,
    });
    return {
      counts: page.counts.map(({ cell, n }) => ({
        facet_id: this.categoryIds[Math.floor(cell / suppliers)]!,
        supplier_id: this.supplierIds[cell % suppliers]!,
        n,
      })),
      ids: page.slots.map((slot) => this.ids[slot]!),
    };
  }

  private viewOf(
    t: number,
    priceField: number,
    facetField: number,
    disabledIds: readonly number[],
  ): WordView {
    const key = `${t}:${priceField}:${facetField}`;
    const disabled = [...disabledIds].sort((a, b) => a - b).join(',');
    const held = this.views.get(key);
    if (
      held &&
      held.word === this.termVersion[t] &&
      held.all === this.version &&
      held.disabled === disabled
    ) {
      return held.view;
    }
    const off = new Uint8Array(this.supplierIds.length);
    for (const id of disabledIds) {
      const code = this.supplierCodes.get(id);
      if (code !== undefined) off[code] = 1;
    }
    const view = new WordView(
      {
        hot: this.hot,
        hotFields: HOT_FIELDS,
        ids: this.ids,
        sales: this.sales,
        suppliers: this.supplierIds.length,
      },
      { shown: H_SHOWN, facet: facetField, price: priceField, promotion: H_PROMOTION },
      this.postings[t]!,
      off,
    );
    this.views.set(key, { view, word: this.termVersion[t]!, all: this.version, disabled });
    return view;
  }

  /** `similarity` of a slot's name, kept under `key` for the next search of the same keyword. */
  private similarityOf(key: string | undefined, similarity: (nameNorm: string) => number) {
    const names = this.names;
    if (key === undefined) return (slot: number) => similarity(names[slot]!);
    // Looked up (or made) only when a score is asked: a view that kept its scores asks none.
    let kept: Float32Array | undefined;
    const keptScores = () => {
      let scores = this.similarities.get(key);
      if (!scores || scores.length < this.size) {
        scores = new Float32Array(this.size).fill(Number.NaN);
        this.similarities.set(key, scores);
      }
      return scores;
    };
    return (slot: number) => {
      kept ??= keptScores();
      let s = kept[slot]!;
      if (Number.isNaN(s)) {
        s = similarity(names[slot]!);
        kept[slot] = s;
      }
      return s;
    };
  }

  /**
   * Finds the hits of `q` (its filters applied but the supplier choice) and counts them per
   * (facet, supplier) cell into `counts`. The hits go to the scratch arrays (slot, text rank when
   * relevance orders them, shown price when a price filters or orders them); answers the indexes
   * of the chosen supplier's hits, which the page is cut from.
   */
  private matching(q: IndexSearch, counts: Int32Array): { chosen: Int32Array; chosenCount: number } {
    const needsRank = q.keyword && q.sort === 'relevance';
    const needsPrice =
      q.priceMinCents !== undefined || q.priceMaxCents !== undefined || q.sort.startsWith('price');
    const { hitSlot, hitRank, hitPrice, chosen } = this.scratch;
    this.runPromotionsAt(q.nowMs);
    const hot = this.hot;
    const suppliers = this.supplierIds.length;
    const facetField = q.facet === 'top' ? H_TOP : q.facet === 'sub' ? H_SUB : H_CATEGORY;
    // A supplier or category the index has never seen has no goods here.
    const disabled = new Uint8Array(suppliers);
    for (const id of q.disabledSuppliers) {
      const code = this.supplierCodes.get(id);
      if (code !== undefined) disabled[code] = 1;
    }
    const categoryField =
      q.category === null ? -1 : q.category.level === 1 ? H_TOP : q.category.level === 2 ? H_SUB : H_CATEGORY;
    const categoryCode = q.category === null ? -1 : (this.categoryCodes.get(q.category.id) ?? -2);
    const priceField = q.tier === 'wholesale' ? H_WHOLESALE : q.tier === 'club' ? H_CLUB : H_RETAIL;
    const min = q.priceMinCents ?? Number.NEGATIVE_INFINITY;
    const max = q.priceMaxCents ?? Number.POSITIVE_INFINITY;
    const pick = q.chosenSupplier === null ? -1 : (this.supplierCodes.get(q.chosenSupplier) ?? -2);
    let n = 0;
    let m = 0;
    // The one place a good is taken: kept in step with matchGoods' WHERE (goods-search.ts).
    const take = (slot: number, rank: number) => {
      const at = slot * HOT_FIELDS;
      const shown = hot[at + H_SHOWN]!;
      const sup = shown >> 1;
      if ((shown & 1) === 0 || disabled[sup] === 1) return;
      if (categoryField >= 0 && hot[at + categoryField] !== categoryCode) return;
      if (needsPrice) {
        const price = Math.min(hot[at + priceField]!, hot[at + H_PROMOTION]!);
        if (price < min || price > max) return;
        hitPrice[n] = price;
      }
      counts[hot[at + facetField]! * suppliers + sup]! += 1;
      hitSlot[n] = slot;
      if (needsRank) hitRank[n] = rank;
      if (pick === -1 || sup === pick) chosen[m++] = n;
      n++;
    };

    if (!q.keyword) {
      for (let slot = 0; slot < this.size; slot++) take(slot, 0);
      return { chosen, chosenCount: m };
    }
    const text = q.text;
    const single = text?.kind === 'term' && !text.prefix && text.weights === 0 ? text.word : null;
    let stamp = 0;
    if (single !== null) {
      // A one-word search: its list holds exactly its matches, with their ranks.
      const t = this.termIds.get(single);
      if (t !== undefined) {
        const { slots, ranks, length } = this.postings[t]!;
        for (let i = 0; i < length; i++) take(slots[i]!, ranks[i]!);
      }
    } else if (text !== null) {
      stamp = this.nextStamp();
      const check = (slot: number) => {
        if (this.seen[slot] === stamp) return;
        this.seen[slot] = stamp;
        this.lookup.doc = this.docs[slot]!;
        if (tsMatches(this.lookup, text)) take(slot, needsRank ? tsRank(this.lookup, text) : 0);
      };
      if (matchesEmpty(text)) {
        for (let slot = 0; slot < this.size; slot++) check(slot);
      } else {
        for (const word of termsOf(text)) {
          const t = this.termIds.get(word);
          if (t === undefined) continue;
          const { slots, length } = this.postings[t]!;
          for (let i = 0; i < length; i++) check(slots[i]!);
        }
      }
    }
    // A SKU code or barcode typed as the keyword finds its good (docs/order-import.md: SKU codes).
    const bySku = q.code === null ? undefined : this.codeSlots.get(q.code);
    if (bySku !== undefined) {
      this.lookup.doc = this.docs[bySku]!;
      // Unless the text found it above.
      const taken =
        single !== null
          ? this.lookup.positionsOf(single) !== undefined
          : text !== null && this.seen[bySku] === stamp && tsMatches(this.lookup, text);
      if (!taken) take(bySku, needsRank && text !== null ? tsRank(this.lookup, text) : 0);
    }
    return { chosen, chosenCount: m };
  }

  private nextStamp() {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Works out `promotionMin` for `nowMs` unless it holds for it already. */
  private runPromotionsAt(nowMs: number) {
    if (this.promotionsAt <= nowMs && nowMs < this.promotionsUntil) return;
    // The answer holds from the last start or end of a promotion at or before now to the next after.
    let from = Number.NEGATIVE_INFINITY;
    let until = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < this.size; slot++) this.hot[slot * HOT_FIELDS + H_PROMOTION] = NO_PROMOTION;
    for (const [slot, promotions] of this.promotions) {
      let lowest = NO_PROMOTION;
      for (const [cents, starts, ends] of promotions) {
        for (const edge of [starts, ends]) {
          if (edge <= nowMs) from = Math.max(from, edge);
          else until = Math.min(until, edge);
        }
        if (starts <= nowMs && nowMs < ends && cents < lowest) lowest = cents;
      }
      this.hot[slot * HOT_FIELDS + H_PROMOTION] = lowest;
    }
    this.promotionsAt = from;
    this.promotionsUntil = until;
    this.version++;
    this.promotionRuns++;
  }

  /** Indexes into the hits of the page: the sort's order (goods-search.ts' sortOrder), offset and limit. */
  private page(q: IndexSearch, chosen: Int32Array): number[] {
    const { hitSlot: slots, hitPrice: prices, hitRank: ranks } = this.scratch;
    const { ids, sales } = this;
    let compare: (a: number, b: number) => number;
    if (q.sort === 'priceAsc') {
      compare = (a, b) => prices[a]! - prices[b]! || ids[slots[a]!]! - ids[slots[b]!]!;
    } else if (q.sort === 'priceDesc') {
      compare = (a, b) => prices[b]! - prices[a]! || ids[slots[a]!]! - ids[slots[b]!]!;
    } else if (q.sort === 'newest') {
      const created = this.created;
      compare = (a, b) => created[slots[b]!]! - created[slots[a]!]! || ids[slots[a]!]! - ids[slots[b]!]!;
    } else if (q.sort === 'relevance' && q.keyword) {
      if (q.similarity !== null && chosen.length <= SIMILARITY_ROWS) {
        this.addSimilarity(chosen, q.offset + q.limit, q.similarity);
      }
      compare = (a, b) =>
        ranks[b]! - ranks[a]! || sales[slots[b]!]! - sales[slots[a]!]! || ids[slots[a]!]! - ids[slots[b]!]!;
    } else {
      compare = (a, b) => sales[slots[b]!]! - sales[slots[a]!]! || ids[slots[a]!]! - ids[slots[b]!]!;
    }
    return topOf(chosen, q.offset, q.limit, compare);
  }

  /**
   * Adds the name's similarity to the rank of the hits `chosen` (rank + similarity, in
   * PostgreSQL's real arithmetic), for the best `k` of them: hits are taken in rank order, and once
   * `k` are scored, a hit whose rank + 1 (the most a similarity adds) falls below the k-th best
   * score so far cannot make the page; it is left out of the order (-Infinity) unscored.
   */
  private addSimilarity(chosen: Int32Array, k: number, similarity: (nameNorm: string) => number) {
    const { hitSlot: slots, hitRank: ranks } = this.scratch;
    const byRank = Array.from(chosen).sort((a, b) => ranks[b]! - ranks[a]!);
    /** The best k scores so far, ascending: best[0] is the k-th best. */
    const best: number[] = [];
    for (const i of byRank) {
      const rank = ranks[i]!;
      if (best.length === k && Math.fround(rank + 1) < best[0]!) {
        ranks[i] = Number.NEGATIVE_INFINITY;
        continue;
      }
      const score = Math.fround(rank + similarity(this.names[slots[i]!]!));
      ranks[i] = score;
      if (best.length < k) best.splice(sortedIndex(best, score), 0, score);
      else if (score > best[0]!) {
        best.shift();
        best.splice(sortedIndex(best, score), 0, score);
      }
    }
  }
}

/** Where `x` goes in the ascending `xs`. */
const sortedIndex = (xs: readonly number[], x: number): number => {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** FNV-1a over the words and positions of a parsed vector. */
const hashVector = (vector: IndexedGood['vector']): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < vector.words.length; i++) {
    const w = vector.words[i]!;
    for (let j = 0; j < w.length; j++) h = Math.imul(h ^ w.charCodeAt(j), 0x01000193);
    for (const p of vector.positions[i]!) h = Math.imul(h ^ p, 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return h | 0;
};
