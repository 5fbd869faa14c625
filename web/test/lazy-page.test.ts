import { CHUNK_LOAD_TIMEOUT_MS } from '@mall/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, withChunkTimeout } from '../src/app/lazy-page.ts';

afterEach(() => vi.useRealTimers());

const Page = () => null;

describe('lazy page loading (docs/limits.md)', () => {
  it('resolves the page component of a loaded chunk', async () => {
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('turns a failed chunk load into a ChunkLoadError', async () => {
    const err = await lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
  });

  it('raises a ChunkLoadError when a chunk takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const outcome = withChunkTimeout(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });
});
