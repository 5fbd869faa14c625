import { SEARCH_SORTS } from '@mall/shared/contract/catalogue';
import { mulberry32 } from '@mall/shared/seeded-random';
import { describe, expect, it } from 'vitest';
import { GoodsIndex, type IndexedGood, type IndexSearch } from '../../src/modules/search/goods-index.ts';
import type { Found } from '../../src/modules/search/goods-search.ts';
import { wordSimilarityTo } from '../../src/modules/search/pg-trigram.ts';

// A one-word search is answered from the word's view (search/word-view.ts): these searches run on
// an index with views and on one that scans the word's goods, and the answers must be equal, also
// after goods change and as promotions start and end.

const WEIGHT_A = 3 << 14;
const NOW = Date.UTC(2026, 10, 28);
const HOUR = 3_600_000;
const random = mulberry32(23);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

/** A good with "kiwi" (most goods, at varied places and weights: varied ranks, many ties) and "rare" in some. */
const goodOf = (id: number): IndexedGood => {
  const words: string[] = [];
  const positions: Uint16Array[] = [];
  if (random() < 0.9) {
    words.push('kiwi');
    positions.push(Uint16Array.from(random() < 0.5 ? [1 | WEIGHT_A] : [1 + Math.floor(random() * 6)]));
  }
  if (random() < 0.15) {
    words.push('rare');
    positions.push(Uint16Array.from([7 + Math.floor(random() * 3)]));
  }
  words.push('word');
  positions.push(Uint16Array.from([12]));
  const retail = 100 + Math.floor(random() * 40) * 250;
  return {
    id,
    enabled: random() < 0.95,
    supplierId: 1 + Math.floor(random() * 6),
    topCategoryId: 100 + Math.floor(random() * 4),
    subCategoryId: 200 + Math.floor(random() * 8),
    categoryId: 300 + Math.floor(random() * 16),
    sales: Math.floor(random() * 5),
    createdMs: NOW - id * 1000,
    retailCents: retail,
    wholesaleCents: Math.floor(retail * 0.7),
    clubCents: Math.floor(retail * 0.9),
    nameNorm: pick(['kiwi honey', 'rare kiwi wool', 'kiwiana mug', 'a rare find', 'the kiwi']),
    vector: { words, positions },
    promotions:
      random() < 0.1
        ? [
            [
              Math.floor(retail / 2),
              NOW - HOUR * Math.floor(random() * 3),
              NOW + HOUR * (1 + Math.floor(random() * 3)),
            ],
          ]
        : [],
    codes: [],
  };
};

const GOODS = 5000;
const goods = Array.from({ length: GOODS }, (_, i) => goodOf(i + 1));
const withViews = new GoodsIndex();
const scanning = new GoodsIndex({ wordViews: false });
const putBoth = (g: IndexedGood) => {
  withViews.put(g);
  scanning.put(g);
};
for (const g of goods) putBoth(g);

const sortedCounts = (f: Found) =>
  [...f.counts].sort((a, b) => a.facet_id - b.facet_id || a.supplier_id - b.supplier_id);

const randomSearch = (nowMs: number): IndexSearch => {
  const word = pick(['kiwi', 'kiwi', 'rare', 'nothing']);
  const min = random() < 0.6 ? pick([0, 100, 2500, 5000, 9000]) : undefined;
  const max = random() < 0.3 ? (min ?? 0) + pick([0, 250, 4000]) : undefined;
  return {
    keyword: true,
    text: { kind: 'term', word, prefix: false, weights: 0 },
    code: word.toUpperCase(),
    category: null,
    facet: 'top',
    disabledSuppliers: random() < 0.3 ? [pick([1, 2, 3])] : [],
    chosenSupplier: random() < 0.3 ? pick([1, 4, 9]) : null,
    priceMinCents: min,
    priceMaxCents: max,
    tier: pick(['retail', 'wholesale', 'club'] as const),
    nowMs,
    sort: pick(SEARCH_SORTS.filter((s) => s === 'relevance' || s.startsWith('price'))),
    offset: pick([0, 0, 20, 40, 980, 4000]),
    limit: pick([5, 20, 100]),
    similarity: wordSimilarityTo(word),
    similarityKey: word,
  };
};

const expectSame = (n: number, nowMs: number) => {
  let found = 0;
  let broad = 0;
  for (let i = 0; i < n; i++) {
    const q = randomSearch(nowMs);
    const expected = scanning.search(q);
    const actual = withViews.search(q);
    const label = JSON.stringify({ ...q, similarity: undefined });
    expect(actual.ids, label).toEqual(expected.ids);
    expect(sortedCounts(actual), label).toEqual(sortedCounts(expected));
    if (expected.ids.length > 0) found++;
    if (expected.counts.reduce((sum, c) => sum + c.n, 0) > 1000) broad++;
  }
  // Pages were found, and many searches had more than 1,000 goods (relevance without the name's similarity).
  expect(found).toBeGreaterThan(n / 4);
  expect(broad).toBeGreaterThan(n / 10);
};

describe("a one-word search from the word's view", () => {
  it('answers as the scan of its goods does: prices, tiers, pages, suppliers, relevance with and without similarity', () => {
    expectSame(1500, NOW);
  });

  it('answers the goods as they are after they change', () => {
    expectSame(200, NOW);
    for (let round = 0; round < 5; round++) {
      for (let k = 0; k < 300; k++) {
        const before = pick(goods);
        const after = goodOf(before.id);
        goods[before.id - 1] = after;
        putBoth(after);
      }
      expectSame(200, NOW);
    }
  });

  it('answers the running promotions as they start and end', () => {
    for (const hours of [0.5, 1.5, 2.5, 3.5, -2.5]) expectSame(150, NOW + hours * HOUR);
  });
});
