import { type ComponentType, useEffect, useState } from 'react';

/**
 * A component whose code downloads when it is first needed, not with the page: what the first
 * screen does not show (a menu, a panel, a dialog's content) stays out of a first visit's
 * JavaScript. Once downloaded it renders synchronously, like any other component.
 */
export interface OnFirstUse<P> {
  /** Starts the download (once; again after a failure); resolves when the component is ready. */
  preload(): Promise<void>;
  /** The component once downloaded, else null. */
  get(): ComponentType<P> | null;
}

export const onFirstUse = <P>(load: () => Promise<ComponentType<P>>): OnFirstUse<P> => {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  return {
    preload: () => {
      pending ??= load().then(
        (component) => {
          loaded = component;
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
 * The component of `part` once downloaded, else null; while `wanted`, starts the download and
 * renders again when it arrives. (A failed download leaves null: the next want tries again.)
 */
export const useOnFirstUse = <P>(part: OnFirstUse<P>, wanted: boolean): ComponentType<P> | null => {
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
