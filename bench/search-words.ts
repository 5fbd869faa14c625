/**
 * The search phases of the API bench as a shopper searches: words taken from the goods' own
 * names, the 60 most frequent (at 100,000 goods these match tens of thousands of goods each),
 * asked over and over ("repeating"), or as searches that never repeat in the run: word x page x
 * price floor, shuffled, each connection its own slice ("never repeated"). Every request asks
 * for a compressed answer, as a browser does.
 */
import { mulberry32 } from '@mall/shared/seeded-random';
import type { Request } from 'autocannon';
import pg from 'pg';
import { callApi } from './cart-members.ts';
import { BROWSER_HEADERS } from './load.ts';

export const NAME_WORDS = 60;
/** Pages 1-5 and price floors $0-$199: 60 x 5 x 200 = 60,000 searches, about 940 a connection. */
const PAGES = 5;
const FLOORS = 200;

/** The words of a good's name a shopper would type: letters only, three or more. */
const wordsOf = (name: string) => name.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

const mostFrequent = (names: string[], n: number) => {
  const counts = new Map<string, number>();
  for (const name of names) for (const w of new Set(wordsOf(name))) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
};

/**
 * The `n` most frequent words of the goods' names: counted over every good in SQL when the bench
 * has the database's address, else over the first 2,000 goods the shop lists.
 */
export const nameWords = async (url: string, databaseUrl: string | undefined, n = NAME_WORDS) => {
  if (databaseUrl?.startsWith('postgres')) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string }>('select name from goods where enabled');
      return mostFrequent(
        rows.map((r) => r.name),
        n,
      );
    } finally {
      await db.end();
    }
  }
  const names: string[] = [];
  for (let pageNum = 1; pageNum <= 20; pageNum++) {
    const page = await callApi<{ records: { name: string }[] }>(
      url,
      'GET',
      `/api/org/sale/good/search?keyword=all&pageSize=100&pageNum=${pageNum}`,
    );
    if (!page.success || page.data.records.length === 0) break;
    names.push(...page.data.records.map((r) => r.name));
  }
  return mostFrequent(names, n);
};

const search = (keyword: string, extra = '') => ({
  method: 'GET' as const,
  path: `/api/org/sale/good/search?keyword=${encodeURIComponent(keyword)}${extra}`,
  headers: BROWSER_HEADERS,
});

/** Connection `i` asks every word in turn, starting at its own place in the list. */
export const repeatingSearches = (words: string[], i: number): Request[] =>
  words.map((_, j) => search(words[(i * 7 + j) % words.length]!));

/** A fixed shuffle (seeded), so every run asks the same searches in the same order. */
const shuffled = <T>(xs: T[]): T[] => {
  const random = mulberry32(2463534242);
  const out = [...xs];
  for (let k = out.length - 1; k > 0; k--) {
    const m = Math.floor(random() * (k + 1));
    [out[k], out[m]] = [out[m]!, out[k]!];
  }
  return out;
};

/**
 * Searches that never repeat: connection `i` of `slices` (the warm-up's and the measured run's
 * connections together) takes its own slice of every word x page x floor, shuffled.
 */
export const neverRepeatedSearches = (words: string[], slices: number) => {
  const all = shuffled(
    words.flatMap((w) =>
      Array.from({ length: PAGES * FLOORS }, (_, k) =>
        search(w, `&pageNum=${1 + (k % PAGES)}&priceMin=${Math.floor(k / PAGES)}`),
      ),
    ),
  );
  const per = Math.floor(all.length / slices);
  return (i: number): Request[] => all.slice((i % slices) * per, (i % slices) * per + per);
};
