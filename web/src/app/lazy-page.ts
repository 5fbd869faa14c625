import { CHUNK_LOAD_TIMEOUT_MS } from '@mall/shared/constants';
import type { ComponentType } from 'react';
import { isFirstScreenPending } from '../components/AfterFirstPaint.tsx';

/** docs/limits.md: a page chunk that fails to load, or takes longer than 120 s, raises a chunk-load error. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('This part of the shop could not be loaded.');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export const withChunkTimeout = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(new Error(`timed out after ${timeoutMs} ms`))),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err));
      },
    );
  });

/** A React Router `lazy` loader for a page module whose default export is the page component. */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
    const mod = await withChunkTimeout(load);
    // The first page of a visit: its modules were evaluated in this task, and it renders in the
    // next (two tasks of 30 and 90 ms on a desktop, not one of 120: Lighthouse's blocking time).
    if (isFirstScreenPending()) await new Promise((resolve) => setTimeout(resolve));
    return { Component: mod.default };
  };
