import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Shopper } from '../shopper/index.ts';
import { followGoodsChanges, type GoodsChangeFeed } from './changes.ts';
import { ReadCache } from './read-cache.ts';
import { type CardWithSkusRow, cardWithSkusSql } from './service.ts';

/** At most this many goods rows are kept (about 1.5 kB each). */
const MAX_ROWS = 20_000;

/**
 * The rows of goods cards with their SKUs (`cardWithSkusSql`) by goods id, kept as long as the
 * catalogue's other reads (a ReadCache) for each stock organisation. Lists whose goods differ from
 * member to member (favourites) share them: a member's page reads only which goods are on it, and
 * the goods no other page read lately come in one statement. Prices are worked out from a row per
 * read (`cardWithSkusOf`), so one row serves every price tier.
 */
export class CardRows {
  private readonly db: Db;
  private readonly cache: ReadCache<number>;
  /** The stock organisations rows were read for (a good's rows are kept per organisation). */
  private readonly orgs = new Set<number>();

  /** Lets go what promotions starting or ending made out of date, when following a feed. */
  private readonly followPromotions: ((nowMs: number) => void) | null;

  /**
   * `ttlMs` 0 reads every row from the database (tests). `max` rows are kept. With a goods change
   * `feed`, a row is let go when its good changes (followGoodsChanges), so it may be kept for a
   * long `ttlMs`.
   */
  constructor(
    db: Db,
    ttlMs: number,
    { max = MAX_ROWS, feed }: { max?: number; feed?: GoodsChangeFeed } = {},
  ) {
    this.db = db;
    // A row read again unchanged stays the same object: the answers written from it stay kept.
    this.cache = new ReadCache<number>(ttlMs, { max, keepEqual: true });
    this.followPromotions = feed
      ? followGoodsChanges(feed, (ids) => {
          if (ids === 'all') this.cache.clear();
          else for (const org of this.orgs) for (const id of ids) this.cache.delete(org * 2 ** 31 + id);
        })
      : null;
  }

  /** The rows of `ids` that exist, by id. */
  async get(ids: readonly number[], shopper: Shopper): Promise<Map<number, CardWithSkusRow>> {
    this.followPromotions?.(shopper.now.getTime());
    // Most pages find every row loaded and fresh: answered without a promise per row.
    const fresh = new Map<number, CardWithSkusRow>();
    for (const id of ids) {
      const held = this.cache.peekFresh<CardWithSkusRow | null>(this.keyOf(shopper, id));
      // A row not loaded (or stale) sends the whole page through the loading path.
      if (!held) return this.load(ids, shopper);
      if (held.value) fresh.set(id, held.value);
    }
    return fresh;
  }

  /** The organisation and the good in one number (ids are below 2^31, organisations far below 2^21). */
  private keyOf(shopper: Shopper, id: number) {
    return (shopper.orgId ?? 0) * 2 ** 31 + id;
  }

  private async load(ids: readonly number[], shopper: Shopper): Promise<Map<number, CardWithSkusRow>> {
    this.orgs.add(shopper.orgId ?? 0);
    const missing: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The loads the cache asks for below are gathered and read together once the loop is done.
    const batch = gate.then(() => (missing.length === 0 ? new Map() : this.read(missing, shopper)));
    const rows = ids.map((id) =>
      this.cache.get(this.keyOf(shopper, id), () => {
        missing.push(id);
        return batch.then((read) => read.get(id) ?? null);
      }),
    );
    release();
    const found = new Map<number, CardWithSkusRow>();
    for (const [i, row] of (await Promise.all(rows)).entries())
      if (row) found.set(ids[i]!, row as CardWithSkusRow);
    return found;
  }

  private async read(ids: readonly number[], shopper: Shopper): Promise<Map<number, CardWithSkusRow>> {
    const card = cardWithSkusSql(shopper);
    const rows = await rowsOf<CardWithSkusRow>(
      this.db,
      sql`select ${card.columns} from goods g ${card.join} where g.id = any(${`{${ids.join(',')}}`}::int[])`,
      { prepared: true },
    );
    return new Map(rows.map((r) => [r.id, r]));
  }
}
