import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/modules/catalogue/read-cache.ts';

describe('catalogue read cache (unit)', () => {
  it('shares one load between concurrent readers and serves it until the time to live passes', async () => {
    const cache = new ReadCache(40);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
    expect(await cache.get('other', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(await cache.get('k', load)).toBe(3);
  });

  it('never keeps a failed load, and reads through when turned off', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
    const off = new ReadCache(0);
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
  });

  it('stays bounded', async () => {
    const cache = new ReadCache(10_000, 100);
    for (let i = 0; i < 1000; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(100);
  });
});
