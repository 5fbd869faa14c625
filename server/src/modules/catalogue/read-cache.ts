import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of catalogue reads (micro-cache). Shoppers hammer the same few reads (the
 * popular searches, the goods on the home page); answering them from memory for a few seconds
 * takes that load off the database. Prices, promotions and stock may therefore be up to `ttlMs`
 * old on these pages; cart and checkout re-read them from the database. Concurrent misses of one
 * key share one load (the cache holds the pending promise). Only a copy of database data lives
 * here: another server process builds its own, so nothing is lost with a process.
 */
export class ReadCache {
  private readonly lru: LRUCache<string, Promise<unknown>> | null;

  /** `ttlMs` 0 turns the cache off (every read goes to the database). */
  constructor(ttlMs: number, max = 5000) {
    this.lru = ttlMs > 0 ? new LRUCache<string, Promise<unknown>>({ max, ttl: ttlMs }) : null;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.lru) return load();
    const hit = this.lru.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    this.lru.set(key, value);
    // A failed load is not kept.
    value.catch(() => {
      if (this.lru?.get(key) === value) this.lru.delete(key);
    });
    return value;
  }

  /** Entries held now (bounded by `max`). */
  get size(): number {
    return this.lru?.size ?? 0;
  }
}
