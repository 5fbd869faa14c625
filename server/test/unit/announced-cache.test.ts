import { describe, expect, it } from 'vitest';
import { createAnnouncedCache } from '../../src/lib/announced-cache.ts';

const listening = (options = { ttlMs: 30_000, max: 100 }) => {
  const cache = createAnnouncedCache<number, string>(options);
  cache.listening();
  return cache;
};

describe('a cache of announced rows', () => {
  it('refuses a read of a key that began before that key was announced, and keeps reads of other keys', () => {
    const cache = listening();
    const before = cache.generation();
    cache.forget(1);
    cache.set(1, 'old answer', before);
    cache.set(2, 'two', before);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBe('two');
    // A read of key 1 begun after the announcement is kept.
    cache.set(1, 'new answer', cache.generation());
    expect(cache.get(1)).toBe('new answer');
  });

  it('refuses every read under way when everything is announced, or some entries by their values', () => {
    const cache = listening();
    cache.set(1, 'a', cache.generation());
    cache.set(2, 'b', cache.generation());
    const before = cache.generation();
    cache.forgetWhere((v) => v === 'a');
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBe('b');
    cache.set(3, 'c', before);
    expect(cache.get(3)).toBeUndefined();
    const beforeClear = cache.generation();
    cache.clear();
    expect(cache.get(2)).toBeUndefined();
    cache.set(4, 'd', beforeClear);
    expect(cache.get(4)).toBeUndefined();
  });

  it('holds nothing before it listens or after its connection is lost', () => {
    const cache = createAnnouncedCache<number, string>({ ttlMs: 30_000, max: 100 });
    cache.set(1, 'a', cache.generation());
    expect(cache.get(1)).toBeUndefined();
    cache.listening();
    cache.set(1, 'a', cache.generation());
    expect(cache.get(1)).toBe('a');
    const before = cache.generation();
    cache.lost();
    expect(cache.get(1)).toBeUndefined();
    cache.listening();
    // A read that began while the connection was lost may have missed an announcement.
    cache.set(1, 'a', before);
    expect(cache.get(1)).toBeUndefined();
  });

  it('counts entries by their size against its maximum, pushing out the least recently used', () => {
    const cache = createAnnouncedCache<number, string>({ ttlMs: 30_000, max: 10, sizeOf: (v) => v.length });
    cache.listening();
    cache.set(1, 'aaaa', cache.generation());
    cache.set(2, 'bbbb', cache.generation());
    cache.get(1);
    cache.set(3, 'cccc', cache.generation());
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('aaaa');
    expect(cache.get(3)).toBe('cccc');
  });

  it('reads through to the loader once, keeps no null, and refuses a load that an announcement raced', async () => {
    const cache = listening();
    let loads = 0;
    const load = async () => {
      loads++;
      return 'row';
    };
    expect(await cache.through(1, load)).toBe('row');
    expect(await cache.through(1, load)).toBe('row');
    expect(loads).toBe(1);

    expect(await cache.through(2, async () => null)).toBeNull();
    expect(cache.get(2)).toBeUndefined();

    let release: (v: string) => void = () => {};
    const pending = cache.through(3, () => new Promise<string>((r) => (release = r)));
    cache.forget(3);
    release('stale');
    expect(await pending).toBe('stale');
    expect(cache.get(3)).toBeUndefined();
  });
});
