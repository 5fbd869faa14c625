import { followGoodsChanges, type GoodsChangeFeed } from './changes.ts';
import { ReadCache } from './read-cache.ts';

/**
 * Reads of one good (its page, per shopper kind) held until the good changes, as the goods
 * change feed tells (search/goods-index-sync.ts: within about a second, whichever process or
 * hand made the change), or until a promotion starts or ends; at the latest they are read again
 * after `ttlMs` (what the feed cannot see: a category or supplier renamed in another process).
 * A back-office change in this process empties it at once, as every ReadCache.
 */
export class HeldByGoods<T> {
  private readonly cache: ReadCache<string>;
  /** The variants read (shopper kinds): a good's entries are one per variant. */
  private readonly variants = new Set<string>();
  /** Lets go what promotions starting or ending made out of date (followGoodsChanges). */
  private readonly followPromotions: (nowMs: number) => void;

  constructor(feed: GoodsChangeFeed, { ttlMs, max }: { ttlMs: number; max: number }) {
    this.cache = new ReadCache<string>(ttlMs, { max });
    this.followPromotions = followGoodsChanges(feed, (ids) => {
      if (ids === 'all') this.cache.clear();
      else for (const v of this.variants) for (const id of ids) this.cache.delete(`${id}:${v}`);
    });
  }

  get(goodsId: number, variant: string, nowMs: number, load: () => Promise<T>): Promise<T> {
    this.followPromotions(nowMs);
    this.variants.add(variant);
    return this.cache.get(`${goodsId}:${variant}`, load);
  }
}
