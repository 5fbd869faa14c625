import { LRUCache } from 'lru-cache';
import { growingLru } from './lru.ts';

/**
 * A per-process cache of rows the database announces changes to (NOTIFY on a channel, heard by
 * `Database.listen`): every server process drops what an announcement names, so a change made by
 * any process, or by hand in SQL, shows everywhere within the time a NOTIFY takes.
 *
 * - Only trusted while listening: before the first LISTEN and whenever its connection is lost it
 *   is empty and unused (`get` misses, `set` keeps nothing), so every read goes to the database.
 * - A read that began before an announcement of its key (or of everything) is not kept: the
 *   caller takes `generation()` before reading and passes it to `set`. So a change racing a read
 *   cannot be undone by the read's older answer.
 * - The process that makes a change forgets it at once (`forget`), without waiting to hear it.
 */
export interface AnnouncedCache<K extends {}, V extends {}> {
  get(key: K): V | undefined;
  /** The generation to pass to `set` for a read starting now. */
  generation(): number;
  /** Keeps `value` unless `key` (or everything) was announced since `generation`. */
  set(key: K, value: V, generation: number): void;
  /**
   * The value of `key` from memory, else from `load`, kept unless an announcement raced the load
   * (a null one is not kept).
   */
  through<R extends V | null>(key: K, load: () => Promise<R>): Promise<R>;
  /** Drops `key`, and refuses reads of it already under way. */
  forget(key: K): void;
  /**
   * Drops the entries whose values match (e.g. every session of a member). The keys of reads
   * under way are not known yet, so every one of them is refused.
   */
  forgetWhere(match: (value: V, key: K) => boolean): void;
  /** Drops everything, and refuses every read already under way. */
  clear(): void;
  /** `Database.listen`'s listener: the caller says what a payload names. */
  lost(): void;
  listening(): void;
}

export interface AnnouncedCacheOptions<K, V> {
  ttlMs: number;
  /** At most this many entries, or this much `sizeOf` in all. */
  max: number;
  /** An entry's size, counted against `max` (e.g. the length of a list); 1 each when absent. */
  sizeOf?: (value: V, key: K) => number;
  /** How long an entry may be kept when less than `ttlMs` (e.g. until a club membership ends). */
  ttlOf?: (value: V) => number | undefined;
}

/** How many keys' last announcements are remembered; when one is pushed out, every read under way is refused. */
const STAMPS_MAX = 100_000;

export const createAnnouncedCache = <K extends {}, V extends {}>(
  options: AnnouncedCacheOptions<K, V>,
): AnnouncedCache<K, V> => {
  const { ttlMs, max, sizeOf, ttlOf } = options;
  // Bounded by size, 1 an entry unless `sizeOf` says more: no room set aside up front (lib/lru.ts).
  const lru = new LRUCache<K, V>({
    maxSize: max,
    sizeCalculation: sizeOf ? (v, k) => Math.max(1, sizeOf(v, k)) : () => 1,
    ttl: ttlMs,
  });
  let trusted = false;
  let tick = 0;
  let clearedAt = 0;
  // The tick of each key's last announcement. Forgetting one could let an older read in, so a
  // stamp pushed out counts as an announcement of everything.
  const stamps = growingLru<K, number>(STAMPS_MAX, {
    dispose: (_tick, _key, reason) => {
      if (reason === 'evict') clearedAt = tick;
    },
  });
  const clearAll = () => {
    clearedAt = ++tick;
    lru.clear();
  };
  const get = (key: K) => (trusted ? lru.get(key) : undefined);
  const set = (key: K, value: V, generation: number) => {
    if (!trusted || clearedAt > generation || (stamps.get(key) ?? 0) > generation) return;
    const ttl = ttlOf?.(value);
    const keep = ttl === undefined ? ttlMs : Math.min(ttlMs, ttl);
    if (keep >= 1) lru.set(key, value, { ttl: keep });
  };
  const through = async <R extends V | null>(key: K, load: () => Promise<R>): Promise<R> => {
    const held = get(key);
    if (held !== undefined) return held as R;
    const generation = tick;
    const value = await load();
    if (value !== null) set(key, value as V, generation);
    return value;
  };
  return {
    get,
    generation: () => tick,
    set,
    through,
    forget: (key) => {
      stamps.set(key, ++tick);
      lru.delete(key);
    },
    forgetWhere: (match) => {
      clearedAt = ++tick;
      for (const [key, value] of lru.entries()) if (match(value, key)) lru.delete(key);
    },
    clear: clearAll,
    lost: () => {
      trusted = false;
      clearAll();
    },
    listening: () => {
      clearAll();
      trusted = true;
    },
  };
};

/**
 * How a cache of logins reads its channel (members' sessions, operators' logins): `s:<key>` names
 * one entry, `<ownerPrefix><id>` every entry of that owner (a member, an operator), anything else
 * everything. Answers the listener's `message`.
 */
export const dropAnnouncedLogins =
  <V extends {}>(cache: AnnouncedCache<string, V>, ownerPrefix: string, ownerOf: (value: V) => number) =>
  (payload: string) => {
    if (payload.startsWith('s:')) cache.forget(payload.slice(2));
    else if (payload.startsWith(ownerPrefix)) {
      const owner = Number(payload.slice(ownerPrefix.length));
      cache.forgetWhere((value) => ownerOf(value) === owner);
    } else cache.clear();
  };
