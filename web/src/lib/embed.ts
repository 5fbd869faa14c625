import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page opened with `?embed=1` is shown inside a frame of our own (the agreement dialog frames
 * the terms): no header, footer or minimum width, only the page's own body.
 */
export const EMBED_PARAM = 'embed';

export const useIsEmbedded = () => useSearchParams()[0].get(EMBED_PARAM) === '1';

/** Lifts the shop's 1326 px minimum width while an embedded page is shown. */
export const useEmbeddedDocument = (embedded: boolean) => {
  useLayoutEffect(() => {
    if (!embedded) return;
    document.documentElement.dataset.embedded = '';
    return () => {
      delete document.documentElement.dataset.embedded;
    };
  }, [embedded]);
};
