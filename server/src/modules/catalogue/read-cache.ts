import { isDeepStrictEqual } from 'node:util';
import type { LRUCache } from 'lru-cache';
import { growingLru } from '../../lib/lru.ts';
import { catalogueChanges } from './changes.ts';

interface Entry {
  value: Promise<unknown>;
  /** The loaded value, once `value` has settled successfully. */
  loaded?: { value: unknown };
  loadedAt: number;
  refreshing: boolean;
}

export interface ReadCacheOptions {
  /** Most entries held; the least recently read go first. */
  max?: number;
  /** How long past `ttlMs` an entry may still be served while it is reloaded; default 2 x ttlMs. */
  staleMs?: number;
  /**
   * A reload equal to the value it replaces keeps the old object, so what a reader worked out
   * from it and keeps by its identity (a written answer) stays good: in the background while the
   * old value is served, and when it was too old to serve. For small values.
   */
  keepEqual?: boolean;
  /**
   * Keeps a key's value only from its second read within `ttlMs + staleMs`: the first read only
   * notes the key. For reads most of which are never asked again (a shopper's own search): each
   * kept answer lived for seconds, long enough to be moved to the old generation, and a stream of
   * them made the garbage collector run a full collection every second or two.
   */
  keepFromSecondRead?: boolean;
  now?: () => number;
}

/**
 * A short-lived cache of catalogue reads (micro-cache). Shoppers hammer the same few reads (the
 * popular searches, the goods on the home page); answering them from memory takes that load off
 * the database. An entry is fresh for `ttlMs`. After that, for up to `staleMs` more, it is still
 * answered at once while one background load replaces it (stale-while-revalidate), so a busy key
 * never makes its readers wait for the database; an entry older than that is loaded again before
 * it is answered. Prices, promotions and stock on these pages may therefore be a little old (the
 * cart keeps SKU facts as long, in `SkuFactsCache`); checkout re-reads them from the database.
 * Concurrent misses of one key share one load.
 * Only a copy of database data lives here: another server process builds its own. A back-office
 * change in this process empties it (changes.ts); one made in another process is seen once the
 * entry is older than ttl + stale (9 s at the default 3 s).
 */
export class ReadCache<K extends string | number = string> {
  private readonly lru: LRUCache<K, Entry> | null;
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly keepEqual: boolean;
  /** Keys read once and not kept yet, with when (keepFromSecondRead). */
  private readonly readOnce: LRUCache<K, number> | null;
  /** The catalogue change count (changes.ts) the entries were loaded under. */
  private seenChanges = catalogueChanges();

  /** `ttlMs` 0 turns the cache off (every read goes to the database). */
  constructor(
    ttlMs: number,
    {
      max = 5000,
      staleMs = ttlMs * 2,
      keepEqual = false,
      keepFromSecondRead = false,
      now = Date.now,
    }: ReadCacheOptions = {},
  ) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.keepEqual = keepEqual;
    this.lru = ttlMs > 0 ? growingLru<K, Entry>(max) : null;
    this.maxAgeMs = ttlMs + staleMs;
    this.readOnce = ttlMs > 0 && keepFromSecondRead ? growingLru<K, number>(max * 4) : null;
  }

  /**
   * `load` may answer any thenable: a query builder (Drizzle's) runs again each time it is
   * awaited, so what is kept is the settled promise of one run.
   */
  get<T>(key: K, loadOnce: () => PromiseLike<T>): Promise<T> {
    const load = () => Promise.resolve(loadOnce());
    const lru = this.lru;
    if (!lru) return load();
    if (this.seenChanges !== catalogueChanges()) {
      this.seenChanges = catalogueChanges();
      lru.clear();
      this.readOnce?.clear();
    }
    const entry = lru.get(key);
    const age = entry ? this.now() - entry.loadedAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.ttlMs) return entry.value as Promise<T>;
    if (entry && age < this.maxAgeMs) {
      if (!entry.refreshing) this.refresh(key, entry, load);
      return entry.value as Promise<T>;
    }
    if (!entry && this.readOnce) {
      const readAt = this.readOnce.get(key);
      if (readAt === undefined || this.now() - readAt >= this.maxAgeMs) {
        this.readOnce.set(key, this.now());
        return load();
      }
    }
    this.readOnce?.delete(key);
    const before = this.keepEqual ? entry?.loaded : undefined;
    const loading = load();
    return this.store(
      key,
      before
        ? loading.then((loaded) => (isDeepStrictEqual(before.value, loaded) ? (before.value as T) : loaded))
        : loading,
    );
  }

  /**
   * The value of `key` when it is loaded and fresh (younger than `ttlMs`), without waiting; else
   * undefined, and the caller goes through `get`. For readers of many keys at once (CardRows).
   */
  peekFresh<T>(key: K): { value: T } | undefined {
    const lru = this.lru;
    if (!lru || this.seenChanges !== catalogueChanges()) return undefined;
    // peek: a lookup that leaves the entry's place in the recency order (its loads move it).
    const entry = lru.peek(key);
    if (!entry?.loaded || this.now() - entry.loadedAt >= this.ttlMs) return undefined;
    return entry.loaded as { value: T };
  }

  private store<T>(key: K, value: Promise<T>): Promise<T> {
    const entry: Entry = { value, loadedAt: this.now(), refreshing: false };
    this.lru!.set(key, entry);
    value.then(
      (loaded) => {
        entry.loaded = { value: loaded };
      },
      // A failed load is not kept.
      () => {
        if (this.lru?.get(key) === entry) this.lru.delete(key);
      },
    );
    return value;
  }

  /** Loads `key` again in the background; the stale entry answers until the new value is in. */
  private refresh(key: K, stale: Entry, load: () => Promise<unknown>) {
    stale.refreshing = true;
    const next = load();
    next.then(
      (loaded) => {
        if (this.lru?.peek(key) !== stale) return;
        const kept = this.keepEqual && stale.loaded && isDeepStrictEqual(stale.loaded.value, loaded);
        this.lru.set(key, {
          value: kept ? stale.value : next,
          loaded: kept ? stale.loaded : { value: loaded },
          loadedAt: this.now(),
          refreshing: false,
        });
      },
      // A failed refresh keeps the stale value until it is too old; the next reader tries again.
      () => {
        stale.refreshing = false;
      },
    );
  }

  /** Lets `key` go: the next read loads it (a load under way is not kept). */
  delete(key: K): void {
    this.lru?.delete(key);
  }

  /** Lets every entry go. */
  clear(): void {
    this.lru?.clear();
  }

  /** Entries held now (bounded by `max`). */
  get size(): number {
    return this.lru?.size ?? 0;
  }
}
