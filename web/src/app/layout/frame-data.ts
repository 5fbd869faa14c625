import { HEADER_LINKS_LIST } from '../../api/use-content.ts';
import { SUPPLIERS_LIST } from '../../api/use-reference.ts';
import { CATEGORY_TREE_LIST } from '../../features/catalogue/use-catalogue.ts';
import { HOT_KEYWORDS_LIST } from '../../features/search/use-keywords.ts';
import { EMBED_PARAM } from '../../lib/embed.ts';
import { ADMIN_PATH } from '../../lib/routes.ts';
import { prefetchStoredList } from '../../lib/use-stored-query.ts';
import { queryClient } from '../../state/query-client.ts';

/**
 * Asks for the lists the shop's header shows (the suppliers, the top links, the hot keywords and
 * the category bar) as the shop starts (main.tsx), beside the page's code, instead of from the
 * header's first render: the browser waits for the code anyway, and the header is drawn once,
 * whole, instead of again as each answer comes. The header's queries then read these answers
 * (the same queries, stored copies included). Pages without the shop's frame (the back office,
 * an embedded page) ask for nothing.
 */
export const askForFrameData = (location: { pathname: string; search: string } = window.location) => {
  if (location.pathname.startsWith(ADMIN_PATH)) return;
  if (new URLSearchParams(location.search).get(EMBED_PARAM) === '1') return;
  for (const list of [SUPPLIERS_LIST, HEADER_LINKS_LIST, HOT_KEYWORDS_LIST, CATEGORY_TREE_LIST])
    prefetchStoredList(queryClient, list);
};
