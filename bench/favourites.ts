/**
 * The favourites phase of the API bench (docs/favourites.md): one member per connection (the cart
 * bench's members). "collect" toggles goods in and out of the member's list, cycling through 200
 * goods; the list routes read a list of 1,000 favourites (the default FAVOURITES_MAX), 20 a page,
 * cycling through its 50 pages, or with every request's address different from every other one
 * in the run (a page, a page size and a counter). The server holds each member's list in memory
 * until it changes (docs/favourites.md), so a third list phase collects between every two list
 * reads: each of those reads the list from the database, as the first look after a change does.
 */
import type { Request } from 'autocannon';
import { callApi } from './cart-members.ts';

export const FAVOURITES_FULL = 1000;

/** The ids of `n` goods on sale, best sellers first (a search of everything, 100 a page). */
export const favouriteGoods = async (url: string, n: number): Promise<number[]> => {
  // A set: goods of equal sales may move between pages from one page's read to the next.
  const ids = new Set<number>();
  for (let pageNum = 1; ids.size < n; pageNum++) {
    const page = await callApi<{ records: { id: number }[] }>(
      url,
      'GET',
      `/api/org/sale/good/search?keyword=all&sort=sales&pageSize=100&pageNum=${pageNum}`,
    );
    if (!page.success || page.data.records.length === 0) break;
    for (const r of page.data.records) ids.add(r.id);
  }
  if (ids.size < n) throw new Error(`favourites bench: ${n} goods wanted, ${ids.size} found`);
  return [...ids].slice(0, n);
};

/** Empties every member's favourites. */
export const clearFavourites = (url: string, members: Record<string, string>[]) =>
  Promise.all(members.map((h) => callApi(url, 'DELETE', '/api/user/favorite/clear', undefined, h)));

/**
 * Gives every member exactly the favourites `goodsIds` (through the API, members side by side).
 * Collects of an earlier phase may still land meanwhile: a good such a collect put in first is
 * collected again, and each list is checked to hold them all at the end.
 */
export const fillFavourites = async (url: string, members: Record<string, string>[], goodsIds: number[]) => {
  await new Promise((settled) => setTimeout(settled, 1000));
  await clearFavourites(url, members);
  await Promise.all(
    members.map(async (h) => {
      const collect = () =>
        callApi<{ collected: boolean }>(url, 'PATCH', `/api/user/favorite/collect/${id}`, undefined, h);
      let id = 0;
      for (id of goodsIds) {
        let r = await collect();
        if (r.success && !r.data.collected) r = await collect();
        if (!r.success || !r.data.collected) throw new Error(`favourites fill: ${r.code} ${r.message}`);
      }
      const list = await callApi<{ total: number }>(
        url,
        'GET',
        '/api/user/favorite?pageSize=1',
        undefined,
        h,
      );
      if (list.data.total !== goodsIds.length)
        throw new Error(`favourites fill: ${list.data.total} of ${goodsIds.length} in a list`);
    }),
  );
};

/** Collect: connection `i` toggles goods, each connection starting at its own place in `goodsIds`. */
export const collectRequests = (headers: Record<string, string>, i: number, goodsIds: number[]): Request[] =>
  goodsIds.map((_, j) => ({
    method: 'PATCH',
    path: `/api/user/favorite/collect/${goodsIds[(i * 7 + j) % goodsIds.length]}`,
    headers,
  }));

/** The list, 20 a page, cycling through the pages of a full list. */
export const listRequests = (headers: Record<string, string>, i: number): Request[] =>
  Array.from({ length: FAVOURITES_FULL / 20 }, (_, j) => ({
    method: 'GET',
    path: `/api/user/favorite?pageNum=${1 + ((i + j) % (FAVOURITES_FULL / 20))}&pageSize=20`,
    headers,
  }));

/**
 * The list with never-repeated addresses: connection `i`'s request `j` asks a page of 16 to 25
 * goods somewhere in the list, and carries `n={i}-{j}` (ignored by the server); 4,000 requests a
 * connection, more than any run of this bench sends, so none is sent twice.
 */
export const variedListRequests = (headers: Record<string, string>, i: number): Request[] =>
  Array.from({ length: 4000 }, (_, j) => {
    const pageSize = 16 + ((i + j) % 10);
    const pages = Math.ceil(FAVOURITES_FULL / pageSize);
    return {
      method: 'GET',
      path: `/api/user/favorite?pageNum=${1 + ((i * 13 + j * 7) % pages)}&pageSize=${pageSize}&n=${i}-${j}`,
      headers,
    };
  });

/**
 * The list right after a change: connection `i` toggles a good out of its member's list, reads a
 * page, toggles the good back in, reads another page. Every list read comes after a collect, so
 * the server reads the list from the database each time. The bench times the list reads apart
 * from the collects (`isListAnswer`).
 */
export const listAfterChangeRequests = (
  headers: Record<string, string>,
  i: number,
  goodsIds: number[],
): Request[] =>
  Array.from({ length: 2000 }, (_, j) => {
    const good = goodsIds[(i * 31 + j) % goodsIds.length];
    const page = (k: number) =>
      `/api/user/favorite?pageNum=${1 + ((i + j + k) % (FAVOURITES_FULL / 20))}&pageSize=20`;
    return [
      { method: 'PATCH' as const, path: `/api/user/favorite/collect/${good}`, headers },
      { method: 'GET' as const, path: page(0), headers },
      { method: 'PATCH' as const, path: `/api/user/favorite/collect/${good}`, headers },
      { method: 'GET' as const, path: page(25), headers },
    ];
  }).flat();

/**
 * A list page's answer, headers and all, is 2.4 kB or more compressed (16 goods: 550 bytes of
 * headers, 1,880 of body); a collect's about 620.
 */
export const isListAnswer = (bytes: number) => bytes > 1500;
