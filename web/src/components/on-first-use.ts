import { useEffect, useState } from 'react';

/**
 * Code (a component, or a set of them) that downloads when it is first needed, not with the
 * page: what the first screen does not show (a menu, a panel, a dialog's content) stays out of
 * a first visit's JavaScript. Once downloaded it renders synchronously, like any other code.
 */
export interface OnFirstUse<T> {
  /** Starts the download (once; again after a failure); resolves when the code is ready. */
  preload(): Promise<void>;
  /** The code once downloaded, else null. */
  get(): T | null;
}

export const onFirstUse = <T>(load: () => Promise<T>): OnFirstUse<T> => {
  let loaded: T | null = null;
  let pending: Promise<void> | null = null;
  return {
    preload: () => {
      pending ??= load().then(
        (code) => {
          loaded = code;
        },
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    get: () => loaded,
  };
};

/**
 * The code of `part` once downloaded, else null; while `wanted`, starts the download and
 * renders again when it arrives. (A failed download leaves null: the next want tries again.)
 */
export const useOnFirstUse = <T>(part: OnFirstUse<T>, wanted: boolean): T | null => {
  const loaded = part.get();
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    part.preload().then(
      () => {
        if (live) arrived((n) => n + 1);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [part, wanted, loaded]);
  return loaded;
};
