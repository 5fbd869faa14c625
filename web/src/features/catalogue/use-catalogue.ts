import type {
  CategoryDetail,
  CategoryHeroItem,
  CategoryNode,
  GoodsDetail,
  GoodsSearchResult,
  RECOMMEND_PLACEMENT,
  Recommendation,
} from '@mall/shared/contract/catalogue';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { retryTransient, type StoredList, useStoredList } from '../../lib/use-stored-query.ts';
import { parseSearchParams, type SearchState, searchQuery } from './search-params.ts';

/**
 * Where the recommendation blocks are shown (GET /api/hot/recommend/app/{id}). A copy of the
 * contract's RECOMMEND_PLACEMENT, checked against it, so the contract's zod schemas stay out of
 * the web bundle.
 */
export const PLACEMENT = {
  home: 1,
  recommendPage: 2,
  goodsDetail: 3,
} as const satisfies typeof RECOMMEND_PLACEMENT;
export type Placement = (typeof PLACEMENT)[keyof typeof PLACEMENT];

export const CATEGORY_TREE_LIST: StoredList = [
  ['catalogue', 'categories'],
  '/api/good/category/headers',
  STORAGE_KEYS.brands,
];

/**
 * The category tree of the brand bar (three levels). Kept as the spec's `brands` so the bar
 * renders at once on the next visit, then refreshed in the background.
 */
export const useCategoryTree = () => useStoredList<CategoryNode>(...CATEGORY_TREE_LIST);

/** The home page's featured categories with their pictures and goods counts. */
export const useCategoryHero = (limit: number) =>
  useQuery<CategoryHeroItem[]>({
    queryKey: ['catalogue', 'hero', limit],
    queryFn: async ({ signal }) => {
      const data = await api.get<CategoryHeroItem[] | null>('/api/good/category/hero', {
        query: { limit },
        toast: false,
        signal,
      });
      return Array.isArray(data) ? data : [];
    },
    retry: retryTransient,
  });

/** One category with its path from the top level (breadcrumbs, titles); `null` does not fetch. */
export const useCategoryDetail = (id: number | null) =>
  useQuery<CategoryDetail>({
    queryKey: ['catalogue', 'category', id],
    queryFn: ({ signal }) =>
      api.get<CategoryDetail>(`/api/good/category/app/${id}`, { toast: false, signal }),
    enabled: id !== null,
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });

const goodsSearchQuery = (state: SearchState) =>
  queryOptions<GoodsSearchResult>({
    queryKey: ['catalogue', 'search', searchQuery(state)],
    queryFn: ({ signal }) =>
      api.get<GoodsSearchResult>('/api/org/sale/good/search', {
        query: searchQuery(state),
        toast: false,
        signal,
      }),
    retry: retryTransient,
    staleTime: 30_000,
  });

/**
 * The goods search for the state in the address. While another page, sort or filter loads,
 * the previous results stay on screen (dimmed by the caller) instead of flashing skeletons.
 */
export const useGoodsSearch = (state: SearchState) =>
  useQuery({ ...goodsSearchQuery(state), placeholderData: keepPreviousData });

/**
 * Asks for the search of a result page's address at once (the route's loader), while the page's
 * code is still loading, instead of after its first render: the results (the page's largest
 * paint) arrive sooner, and the call is made while the browser waits for the code anyway.
 */
export const prefetchGoodsSearch = (client: QueryClient, url: string) => {
  void client.prefetchQuery(goodsSearchQuery(parseSearchParams(new URL(url).searchParams)));
};

/** Goods detail (with its SKUs, options and category path); `null` does not fetch. */
export const useGoodsDetail = (id: number | null) =>
  useQuery<GoodsDetail>({
    queryKey: ['catalogue', 'goods', id],
    queryFn: ({ signal }) => api.get<GoodsDetail>(`/api/sale/good/detail/${id}`, { toast: false, signal }),
    enabled: id !== null,
    retry: retryTransient,
    staleTime: 30_000,
  });

/** The recommendation blocks of one placement, in display order. */
export const useRecommendations = (placement: Placement) =>
  useQuery<Recommendation[]>({
    queryKey: ['catalogue', 'recommend', placement],
    queryFn: async ({ signal }) => {
      const data = await api.get<Recommendation[] | null>(`/api/hot/recommend/app/${placement}`, {
        toast: false,
        signal,
      });
      return Array.isArray(data) ? data : [];
    },
    retry: retryTransient,
  });
