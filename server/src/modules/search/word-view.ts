import { topOf } from './top-of.ts';

/**
 * One word's shown goods, ordered for the searches that have only that word and no category
 * (docs/search.md: one-word searches): by relevance (the word's one-word rank, then sales, then
 * id) and by shown price (then id), with the facet counts of every BLOCK-th price position kept
 * from that position on. A price range's counts are then two binary searches and at most two
 * partial blocks, and a page is read off the ordered list: the cost no longer grows with the
 * number of goods that have the word.
 *
 * A view holds for one tier's prices, one set of disabled suppliers and one state of the goods
 * (GoodsIndex says when it is out of date).
 */

/** Price positions between two kept counts. */
export const BLOCK = 256;

/** What a view reads of the goods (GoodsIndex's arrays, by slot). */
export interface ViewGoods {
  /** GoodsIndex's `hot`: HOT_FIELDS numbers a good. */
  readonly hot: Int32Array;
  readonly hotFields: number;
  readonly ids: Int32Array;
  readonly sales: Int32Array;
  /** Supplier codes in use: a facet cell is `category code * suppliers + supplier code`. */
  readonly suppliers: number;
}

/** Where in a good's `hot` a view finds what it needs. */
export interface ViewFields {
  shown: number;
  facet: number;
  price: number;
  promotion: number;
}

export interface ViewPage {
  /** Goods per facet cell of the price range, over every supplier (the supplier choice left out). */
  counts: { cell: number; n: number }[];
  slots: number[];
}

export interface ViewQuery {
  min: number;
  max: number;
  /** The chosen supplier's code, -1 for none, -2 for one the index has no goods of. */
  pick: number;
  sort: 'relevance' | 'priceAsc' | 'priceDesc';
  offset: number;
  limit: number;
  /** Relevance adds the name's similarity to the rank while at most `similarityRows` goods are chosen. */
  similarityRows: number;
  similarity: ((slot: number) => number) | null;
  /** What `similarity` is of (the folded keyword); its scores are kept under it. */
  similarityKey?: string | undefined;
}

export class WordView {
  readonly length: number;
  private readonly g: ViewGoods;
  private readonly shownField: number;
  /** Relevance order. */
  private readonly relSlot: Int32Array;
  private readonly relPrice: Int32Array;
  /** Price order. */
  private readonly priceSlot: Int32Array;
  private readonly priceRank: Float32Array;
  private readonly prices: Int32Array;
  /** Local facet cells: a price position's cell, each local cell's global one, and global to local. */
  private readonly priceCell: Int32Array;
  private readonly cellGlobal: Int32Array;
  /** (blocks + 1) rows of `cellGlobal.length` counts: row b counts positions >= min(b * BLOCK, length). */
  private readonly suffix: Int32Array;
  /** rank + similarity (float4, so a Float32Array holds it exactly) of one keyword, by price position. */
  private scores: { key: string | undefined; values: Float32Array } | null = null;

  constructor(
    g: ViewGoods,
    fields: ViewFields,
    posting: { slots: Int32Array; ranks: Float32Array; length: number },
    disabled: Uint8Array,
  ) {
    this.g = g;
    this.shownField = fields.shown;
    const { hot, hotFields, ids, sales, suppliers } = g;
    const slots: number[] = [];
    const ranks: number[] = [];
    const prices: number[] = [];
    for (let i = 0; i < posting.length; i++) {
      const slot = posting.slots[i]!;
      const shown = hot[slot * hotFields + fields.shown]!;
      if ((shown & 1) === 0 || disabled[shown >> 1] === 1) continue;
      slots.push(slot);
      ranks.push(posting.ranks[i]!);
      prices.push(Math.min(hot[slot * hotFields + fields.price]!, hot[slot * hotFields + fields.promotion]!));
    }
    const n = slots.length;
    this.length = n;
    const order = (compare: (a: number, b: number) => number) =>
      Int32Array.from({ length: n }, (_, i) => i).sort(compare);

    const byRank = order(
      (a, b) =>
        ranks[b]! - ranks[a]! || sales[slots[b]!]! - sales[slots[a]!]! || ids[slots[a]!]! - ids[slots[b]!]!,
    );
    this.relSlot = new Int32Array(n);
    this.relPrice = new Int32Array(n);
    byRank.forEach((i, p) => {
      this.relSlot[p] = slots[i]!;
      this.relPrice[p] = prices[i]!;
    });

    const byPrice = order((a, b) => prices[a]! - prices[b]! || ids[slots[a]!]! - ids[slots[b]!]!);
    this.priceSlot = new Int32Array(n);
    this.priceRank = new Float32Array(n);
    this.prices = new Int32Array(n);
    this.priceCell = new Int32Array(n);
    const localOf = new Map<number, number>();
    const globals: number[] = [];
    byPrice.forEach((i, p) => {
      const slot = slots[i]!;
      this.priceSlot[p] = slot;
      this.priceRank[p] = ranks[i]!;
      this.prices[p] = prices[i]!;
      const cell =
        hot[slot * hotFields + fields.facet]! * suppliers + (hot[slot * hotFields + fields.shown]! >> 1);
      let local = localOf.get(cell);
      if (local === undefined) {
        local = globals.length;
        localOf.set(cell, local);
        globals.push(cell);
      }
      this.priceCell[p] = local;
    });
    this.cellGlobal = Int32Array.from(globals);

    const cellCount = globals.length;
    const blocks = Math.ceil(n / BLOCK);
    this.suffix = new Int32Array((blocks + 1) * cellCount);
    const running = new Int32Array(cellCount);
    for (let p = n - 1; p >= -1; p--) {
      // Row b is written when the positions from b * BLOCK on have been counted.
      const from = p + 1;
      if (from % BLOCK === 0 || from === n) {
        const b = Math.ceil(from / BLOCK);
        this.suffix.set(running, b * cellCount);
      }
      if (p >= 0) running[this.priceCell[p]!]! += 1;
    }
  }

  /** The first price position at or above `cents`. */
  private atLeast(cents: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.prices[mid]! < cents) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds (sign 1) or takes away (-1) the counts of the price positions from `p` on. */
  private countFrom(p: number, sign: number, into: Int32Array) {
    const cells = this.cellGlobal.length;
    const b = Math.ceil(p / BLOCK);
    const row = b * cells;
    for (let c = 0; c < cells; c++) into[c]! += sign * this.suffix[row + c]!;
    const end = Math.min(b * BLOCK, this.length);
    for (let i = p; i < end; i++) into[this.priceCell[i]!]! += sign;
  }

  page(q: ViewQuery): ViewPage {
    const lo = this.atLeast(q.min);
    const hi = q.max === Number.POSITIVE_INFINITY ? this.length : this.atLeast(q.max + 1);
    const local = new Int32Array(this.cellGlobal.length);
    if (lo < hi) {
      this.countFrom(lo, 1, local);
      this.countFrom(hi, -1, local);
    }
    const counts: ViewPage['counts'] = [];
    const { suppliers } = this.g;
    let chosen = 0;
    for (let c = 0; c < local.length; c++) {
      const n = local[c]!;
      if (n === 0) continue;
      const cell = this.cellGlobal[c]!;
      counts.push({ cell, n });
      if (q.pick === -1 || cell % suppliers === q.pick) chosen += n;
    }
    return { counts, slots: this.pageSlots(q, lo, hi, chosen) };
  }

  private supplierOf(slot: number) {
    return this.g.hot[slot * this.g.hotFields + this.shownField]! >> 1;
  }

  private pageSlots(q: ViewQuery, lo: number, hi: number, chosen: number): number[] {
    const { offset, limit, pick } = q;
    if (offset >= chosen || limit <= 0) return [];
    const out: number[] = [];
    let skip = offset;
    const visit = (slot: number) => {
      if (pick !== -1 && this.supplierOf(slot) !== pick) return false;
      if (skip > 0) skip--;
      else out.push(slot);
      return out.length === limit;
    };
    if (q.sort === 'priceAsc') {
      for (let p = lo; p < hi; p++) if (visit(this.priceSlot[p]!)) break;
      return out;
    }
    if (q.sort === 'priceDesc') {
      // Dearest first, and the goods of one price by id.
      let end = hi;
      while (end > lo) {
        let start = end - 1;
        while (start > lo && this.prices[start - 1] === this.prices[end - 1]) start--;
        for (let p = start; p < end; p++) if (visit(this.priceSlot[p]!)) return out;
        end = start;
      }
      return out;
    }
    if (q.similarity !== null && chosen <= q.similarityRows) return this.bySimilarity(q, lo, hi);
    for (let p = 0; p < this.length; p++) {
      const price = this.relPrice[p]!;
      if (price < q.min || price > q.max) continue;
      if (visit(this.relSlot[p]!)) break;
    }
    return out;
  }

  /**
   * Relevance with the name's similarity: each chosen good of the price range scored (rank +
   * similarity, float4). The scores of a keyword are kept by price position while the view lives.
   */
  private bySimilarity(q: ViewQuery, lo: number, hi: number): number[] {
    const similarity = q.similarity!;
    let kept = this.scores;
    if (q.similarityKey === undefined || kept?.key !== q.similarityKey) {
      kept = { key: q.similarityKey, values: new Float32Array(this.length).fill(Number.NaN) };
      if (q.similarityKey !== undefined) this.scores = kept;
    }
    const values = kept.values;
    const positions = new Int32Array(hi - lo);
    let n = 0;
    for (let p = lo; p < hi; p++) {
      const slot = this.priceSlot[p]!;
      if (q.pick !== -1 && this.supplierOf(slot) !== q.pick) continue;
      if (Number.isNaN(values[p]!)) values[p] = this.priceRank[p]! + similarity(slot);
      positions[n++] = p;
    }
    const { sales, ids } = this.g;
    const slots = this.priceSlot;
    const order = topOf(
      positions.subarray(0, n),
      q.offset,
      q.limit,
      (a, b) =>
        values[b]! - values[a]! || sales[slots[b]!]! - sales[slots[a]!]! || ids[slots[a]!]! - ids[slots[b]!]!,
    );
    return order.map((p) => slots[p]!);
  }
}
