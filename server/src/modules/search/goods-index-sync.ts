import type { Db } from '../../db/client.ts';
import {
  type GoodsChanged,
  type GoodsChangeFeed,
  type GoodsChangeMark,
  type GoodsIndexRow,
  readGoodsAfter,
  readGoodsChangeMark,
  readGoodsWrittenSince,
  readStockGoodsWrittenSince,
} from '../catalogue/index.ts';
import { GoodsIndex, type IndexedGood } from './goods-index.ts';
import { parseTsvector } from './pg-text.ts';

/** Goods read per statement while the index is first filled. */
const LOAD_BATCH = 1000;

const goodOf = (r: GoodsIndexRow): IndexedGood => ({
  id: r.id,
  enabled: r.enabled,
  supplierId: r.supplier_id,
  categoryId: r.category_id,
  subCategoryId: r.sub_category_id,
  topCategoryId: r.top_category_id,
  sales: r.sales,
  createdMs: r.created_ms,
  retailCents: r.retail_cents,
  wholesaleCents: r.wholesale_cents,
  clubCents: r.club_cents,
  nameNorm: r.name_norm,
  vector: parseTsvector(r.vector ?? ''),
  promotions: (typeof r.promotions === 'string' ? JSON.parse(r.promotions) : r.promotions) ?? [],
  codes: r.codes ?? [],
});

export interface GoodsIndexSyncOptions {
  /** How often the index looks for changes on its own; 0: only when asked (`catchUp`). */
  pollMs: number;
  onError: (err: unknown) => void;
  /** Told when the index is (re)filled: how many goods, in how many ms. */
  onFilled?: (goods: number, ms: number) => void;
}

/**
 * Fills the process's GoodsIndex from the database and keeps it in step (migration 0036): every
 * write of a good (and of its SKUs' codes or its promotions) stamps the row with its transaction
 * id, and each look reads the rows stamped at or after the oldest transaction that was still
 * running at the previous look. A transaction that commits after a look is therefore read by the
 * next one, whatever order transactions commit in; rows read twice are simply put again. Any
 * server process, and an edit by hand in SQL, is seen at the next look: every `pollMs`, and before
 * a search whenever this process changed the catalogue (search/index-search.ts).
 */
export class GoodsIndexSync implements GoodsChangeFeed {
  /** Null until the first fill is done; searches go to the database meanwhile. */
  private current: GoodsIndex | null = null;
  private mark: GoodsChangeMark | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly db: Db;
  private readonly options: GoodsIndexSyncOptions;
  private readonly listeners: GoodsChanged[] = [];

  constructor(db: Db, options: GoodsIndexSyncOptions) {
    this.db = db;
    this.options = options;
  }

  get index(): GoodsIndex | null {
    return this.current;
  }

  /**
   * Tells `listener` what each look finds changed (goods cards held until they change:
   * catalogue/card-rows.ts). Stock rows are looked at only while someone listens.
   */
  onChange(listener: GoodsChanged): void {
    this.listeners.push(listener);
  }

  promotionsEpoch(nowMs: number): number | undefined {
    return this.current?.promotionsEpoch(nowMs);
  }

  /** Starts the first fill in the background, then the looks every `pollMs`. */
  start(): void {
    this.catchUp().catch(this.options.onError);
    if (this.options.pollMs > 0) {
      this.timer = setInterval(() => {
        if (!this.running) this.catchUp().catch(this.options.onError);
      }, this.options.pollMs);
      this.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /**
   * A look that starts after this call (so it sees every change committed before it). Callers
   * while a look runs share the one queued after it.
   */
  catchUp(): Promise<void> {
    if (!this.running) {
      this.running = this.look().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.catchUp();
      });
    return this.queued;
  }

  private async look(): Promise<void> {
    if (this.stopped) return;
    const mark = await readGoodsChangeMark(this.db);
    if (!this.current || !this.mark || mark.deletions !== this.mark.deletions) {
      const started = performance.now();
      this.current = await this.fill();
      this.options.onFilled?.(this.current.count, Math.round(performance.now() - started));
      for (const tell of this.listeners) tell('all');
    } else {
      const [rows, stocked] = await Promise.all([
        readGoodsWrittenSince(this.db, this.mark.xmin),
        this.listeners.length ? readStockGoodsWrittenSince(this.db, this.mark.xmin) : [],
      ]);
      for (const r of rows) this.current.put(goodOf(r));
      const changed = [...rows.map((r) => r.id), ...stocked];
      if (changed.length) for (const tell of this.listeners) tell(changed);
    }
    this.mark = mark;
  }

  /** Every good, read in batches of LOAD_BATCH by id. */
  private async fill(): Promise<GoodsIndex> {
    const index = new GoodsIndex();
    let after = 0;
    for (;;) {
      const rows = await readGoodsAfter(this.db, after, LOAD_BATCH);
      for (const r of rows) index.put(goodOf(r));
      if (rows.length < LOAD_BATCH || this.stopped) return index;
      after = rows[rows.length - 1]!.id;
    }
  }
}
