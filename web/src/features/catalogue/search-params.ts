import type { SearchSort } from '@mall/shared/contract/catalogue';
import { formatCount } from '@mall/shared/money-format';
import { ALL_KEYWORD } from '../../lib/routes.ts';

/**
 * The state of a result page, read from its address (docs/routes.md: keyword, supplier,
 * categoryId, price range, sort and page). The address is the only place it lives.
 */
export interface SearchState {
  /** The words searched; null for none. `all` is kept as written (it means All Goods). */
  keyword: string | null;
  supplier: string | null;
  categoryId: number | null;
  priceMin: number | null;
  priceMax: number | null;
  sort: SearchSort;
  pageNum: number;
}

export const PAGE_SIZE = 20;
export type SearchParamName =
  | 'keyword'
  | 'supplier'
  | 'categoryId'
  | 'priceMin'
  | 'priceMax'
  | 'sort'
  | 'pageNum';

/** The sort tabs, in display order (the contract's SEARCH_SORTS, each with its label). */
export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'priceAsc', label: 'Price ↑', description: 'Price, low to high' },
  { value: 'priceDesc', label: 'Price ↓', description: 'Price, high to low' },
  { value: 'sales', label: 'Sales' },
  { value: 'newest', label: 'Newest' },
] as const satisfies readonly { value: SearchSort; label: string; description?: string }[];
// Every sort of the contract has a tab (a compile error names the one missing).
const everySortHasATab: Record<Exclude<SearchSort, (typeof SORT_OPTIONS)[number]['value']>, never> = {};
void everySortHasATab;

const isSort = (v: string | null): v is SearchSort => SORT_OPTIONS.some((o) => o.value === v);

const positiveInt = (raw: string | null): number | null => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** A price bound: a non-negative amount with at most two decimals, else none. */
export const parsePrice = (raw: string | null | undefined): number | null => {
  const s = raw?.trim();
  if (!s || !/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  return Number(s);
};

const cleanCode = (raw: string | null) => (raw && /^[A-Za-z0-9_-]{1,32}$/.test(raw) ? raw : null);

export const parseSearchParams = (params: URLSearchParams): SearchState => {
  const keyword = params.get('keyword')?.trim().slice(0, 100) || null;
  let priceMin = parsePrice(params.get('priceMin'));
  let priceMax = parsePrice(params.get('priceMax'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const sort = params.get('sort');
  return {
    keyword,
    supplier: cleanCode(params.get('supplier')),
    categoryId: positiveInt(params.get('categoryId')),
    priceMin,
    priceMax,
    sort: isSort(sort) ? sort : 'relevance',
    pageNum: positiveInt(params.get('pageNum')) ?? 1,
  };
};

/** Whether the page shows every good (no words, or keyword=all). */
export const isAllKeyword = (keyword: string | null) =>
  keyword === null || keyword.toLowerCase() === ALL_KEYWORD;

/** The query of GET /api/org/sale/good/search for a state. */
export const searchQuery = (s: SearchState) => ({
  keyword: s.keyword ?? undefined,
  supplier: s.supplier ?? undefined,
  categoryId: s.categoryId ?? undefined,
  priceMin: s.priceMin ?? undefined,
  priceMax: s.priceMax ?? undefined,
  sort: s.sort,
  pageNum: s.pageNum,
  pageSize: PAGE_SIZE,
});

export type SearchChanges = Partial<Record<SearchParamName, string | number | null>>;

/**
 * The address of `path` with the current query changed: `null` removes a parameter. Any change
 * other than the page itself goes back to page 1; defaults (page 1, relevance) are left out so
 * addresses stay short. Other parameters are kept as they are.
 */
export const searchHref = (path: string, current: URLSearchParams, changes: SearchChanges): string => {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (!('pageNum' in changes)) params.delete('pageNum');
  if (params.get('pageNum') === '1') params.delete('pageNum');
  if (params.get('sort') === 'relevance') params.delete('sort');
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/** "2,143 goods" / "1 good". */
export const goodsCountLabel = (n: number) => `${formatCount(n)} ${n === 1 ? 'good' : 'goods'}`;
