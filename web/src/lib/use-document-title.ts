import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { appConfig } from './app-config.ts';

/** Route metadata the layout reads: the page title (routes.tsx sets it on each route). */
export interface RouteHandle {
  title: string;
}

/** docs/routes.md: page titles end with ' - {brand}'. */
export const formatTitle = (title: string) => `${title} - ${appConfig.brand}`;

/**
 * The route's own title. A layout effect: it runs before the page's effects in the same commit,
 * so a page that knows its title at once (usePageTitle) has the last word.
 */
export const useDocumentTitle = () => {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useLayoutEffect(() => {
    if (title) document.title = formatTitle(title.title);
  }, [title]);
};

/** For pages whose title depends on their data (a good's name, an article's title). */
export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    if (title) document.title = formatTitle(title);
  }, [title]);
};
