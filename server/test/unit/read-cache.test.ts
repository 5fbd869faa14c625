import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../../src/modules/catalogue/read-cache.ts';

/** A cache on a clock the test moves. */
const onClock = (ttlMs: number, staleMs: number, max?: number) => {
  const clock = { t: 1_000 };
  const cache = new ReadCache(ttlMs, { staleMs, now: () => clock.t, ...(max ? { max } : {}) });
  return { cache, clock };
};

describe('catalogue read cache (unit)', () => {
  it('shares one load between concurrent readers and serves it while fresh', async () => {
    const { cache, clock } = onClock(40, 0);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
    expect(await cache.get('other', load)).toBe(2);
    clock.t += 39;
    expect(await cache.get('k', load)).toBe(1);
    clock.t += 1;
    expect(await cache.get('k', load)).toBe(3);
  });

  it('tells a loaded, fresh value at once (peekFresh), and nothing while it loads, once stale or after a failure', async () => {
    const { cache, clock } = onClock(100, 1_000);
    let finish: (v: string) => void = () => {};
    const loading = cache.get('k', () => new Promise<string>((r) => (finish = r)));
    expect(cache.peekFresh('k')).toBeUndefined();
    finish('row');
    await loading;
    expect(cache.peekFresh('k')).toEqual({ value: 'row' });
    expect(cache.peekFresh('other')).toBeUndefined();
    clock.t += 100;
    expect(cache.peekFresh('k')).toBeUndefined();
    // The background reload brings a fresh value back.
    await cache.get('k', async () => 'reloaded');
    await vi.waitFor(() => expect(cache.peekFresh('k')).toEqual({ value: 'reloaded' }));
    await expect(cache.get('failed', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peekFresh('failed')).toBeUndefined();
  });

  it('runs a lazy query (a thenable that runs on each await, as a query builder does) once per load', async () => {
    const { cache } = onClock(1_000, 0);
    let runs = 0;
    // biome-ignore lint/suspicious/noThenProperty: a thenable that runs on each await is what this test is about.
    const query = { then: (resolve: (v: number) => void) => resolve(++runs) };
    const loadQuery = () => query as PromiseLike<number>;
    expect(await cache.get('suppliers', loadQuery)).toBe(1);
    expect(await cache.get('suppliers', loadQuery)).toBe(1);
    expect(await cache.get('suppliers', loadQuery)).toBe(1);
    expect(runs).toBe(1);
  });

  it('answers a stale entry at once and reloads it once in the background', async () => {
    const { cache, clock } = onClock(100, 1_000);
    let loads = 0;
    let release: () => void = () => {};
    const slowLoad = () => {
      loads++;
      const n = loads;
      return new Promise<number>((resolve) => {
        release = () => resolve(n);
      });
    };
    const first = cache.get('k', slowLoad);
    release();
    expect(await first).toBe(1);

    clock.t += 150; // stale, within the stale window
    expect(await Promise.all([cache.get('k', slowLoad), cache.get('k', slowLoad)])).toEqual([1, 1]);
    expect(loads).toBe(2); // one background reload for both readers
    expect(await cache.get('k', slowLoad)).toBe(1); // still the old value until the reload is in
    release();
    await vi.waitFor(async () => expect(await cache.get('k', slowLoad)).toBe(2), { interval: 1 });
    expect(loads).toBe(2);
  });

  it('keeps the old object when a reload brings an equal value (keepEqual), the new one when it differs', async () => {
    const clock = { t: 1_000 };
    const cache = new ReadCache(100, { staleMs: 1_000, keepEqual: true, now: () => clock.t });
    let value = { id: 7, at: new Date(0), skus: [{ price: '1.50' }] };
    const load = async () => structuredClone(value);
    const first = await cache.get('k', load);
    clock.t += 150;
    await cache.get('k', load); // stale: answered, reloaded behind
    await vi.waitFor(() => expect(cache.peekFresh('k')).toBeDefined());
    expect(cache.peekFresh('k')!.value).toBe(first);
    expect(await cache.get('k', load)).toBe(first);
    value = { ...value, skus: [{ price: '1.60' }] };
    clock.t += 150;
    await cache.get('k', load);
    await vi.waitFor(() => expect(cache.peekFresh('k')).toBeDefined());
    expect(cache.peekFresh('k')!.value).toEqual(value);
    expect(cache.peekFresh('k')!.value).not.toBe(first);
  });

  it('keeps the old object when a value too old to serve is loaded again equal (keepEqual)', async () => {
    const clock = { t: 1_000 };
    const cache = new ReadCache(100, { staleMs: 100, keepEqual: true, now: () => clock.t });
    let value = { id: 7, name: 'Kauri Honey' };
    const load = async () => structuredClone(value);
    const first = await cache.get('k', load);
    clock.t += 10_000;
    expect(await cache.get('k', load)).toBe(first);
    value = { id: 7, name: 'Kauri Manuka Honey' };
    clock.t += 10_000;
    const renamed = await cache.get('k', load);
    expect(renamed).toEqual(value);
    expect(renamed).not.toBe(first);
    // Without keepEqual a reload is a new object, equal or not.
    const plain = new ReadCache(100, { staleMs: 100, now: () => clock.t });
    const once = await plain.get('k', load);
    clock.t += 10_000;
    expect(await plain.get('k', load)).not.toBe(once);
  });

  it('keeps a value from its second read within the window when told to (keepFromSecondRead)', async () => {
    const clock = { t: 1_000 };
    const cache = new ReadCache(100, { staleMs: 200, keepFromSecondRead: true, now: () => clock.t });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('once', load)).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.get('twice', load)).toBe(2);
    clock.t += 50;
    expect(await cache.get('twice', load)).toBe(3);
    expect(await cache.get('twice', load)).toBe(3);
    expect(cache.size).toBe(1);
    // A key not read again within ttl + stale is noted afresh, not kept.
    clock.t += 400;
    expect(await cache.get('once', load)).toBe(4);
    expect(cache.size).toBe(1);
  });

  it('loads again before answering once an entry is older than the stale window', async () => {
    const { cache, clock } = onClock(100, 1_000);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    clock.t += 1_100;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('never keeps a failed load, keeps the stale value when a reload fails, and reads through when off', async () => {
    const { cache, clock } = onClock(100, 1_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
    clock.t += 200;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('up');
    // Once the failed reload is over, the next reader tries again (and still gets the stale value) ...
    let triedAgain = false;
    const again = async () => {
      triedAgain = true;
      return 'again';
    };
    await vi.waitFor(
      async () => {
        expect(await cache.get('k', again)).toBe('up');
        expect(triedAgain).toBe(true);
      },
      { interval: 1 },
    );
    // ... and the value of that reload replaces the stale one.
    await vi.waitFor(async () => expect(await cache.get('k', async () => 'later')).toBe('again'), {
      interval: 1,
    });

    const off = new ReadCache(0);
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
  });

  it('stays bounded', async () => {
    const { cache } = onClock(10_000, 0, 100);
    for (let i = 0; i < 1000; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(100);
  });
});
