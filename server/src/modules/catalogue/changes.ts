/**
 * The catalogue's change count in this process. A back-office edit (goods, SKUs, prices,
 * promotions, publishing, stock) counts one after its transaction commits; every ReadCache and
 * SkuFactsCache of the process drops what it holds when it sees the count move, so the shop's next
 * read of anything is fresh. Another server process does not see the count: its caches are bounded
 * in age instead (ReadCache: ttl plus a short stale window), so it sees the change within seconds.
 */
let changes = 0;

export const catalogueChanges = (): number => changes;

export const noteCatalogueChanged = (): void => {
  changes += 1;
};

/** What changed: these goods (their rows, SKUs, promotions or stock), or possibly everything. */
export type GoodsChanged = (goods: readonly number[] | 'all') => void;

/**
 * Changes to goods made by any process or by hand, as the search index's looks find them (about
 * once a second: search/goods-index-sync.ts), so that what is read of a good can be held until
 * it changes instead of for a few seconds.
 */
export interface GoodsChangeFeed {
  onChange(listener: GoodsChanged): void;
  /**
   * A number that moves whenever the running promotions may have changed at `nowMs` (one started
   * or ended, or promotions were written); undefined while nothing is followed yet.
   */
  promotionsEpoch(nowMs: number): number | undefined;
}

/**
 * Lets a holder of goods reads follow `feed`: `forget` is told of every change the feed finds,
 * and of 'all' when the running promotions may have changed (its reads priced them). Answers the
 * check a reader makes with the time of its read, before it reads.
 */
export const followGoodsChanges = (
  feed: GoodsChangeFeed,
  forget: GoodsChanged,
): ((nowMs: number) => void) => {
  feed.onChange(forget);
  let seen: number | undefined;
  return (nowMs) => {
    const epoch = feed.promotionsEpoch(nowMs);
    if (epoch === seen) return;
    if (seen !== undefined) forget('all');
    seen = epoch;
  };
};
