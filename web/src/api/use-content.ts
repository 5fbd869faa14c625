import type {
  Banner,
  Introduce,
  IntroduceDetail,
  IntroduceGroup,
  Link,
  MallSite,
  Terms,
} from '@mall/shared/contract/content';
import type { TermsKey } from '@mall/shared/terms';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { retryTransient, type StoredList, useStoredList } from '../lib/use-stored-query.ts';
import { api } from './client.ts';

/** Banners change with campaigns: fetched per visit (not stored), quietly (the page shows a fallback). */
const bannerListQuery = (position: 'adverts' | 'slides' | 'promos') =>
  queryOptions<Banner[]>({
    queryKey: ['content', 'banners', position],
    queryFn: async ({ signal }) => {
      const data = await api.get<Banner[] | null>(`/api/banner/${position}`, { toast: false, signal });
      return Array.isArray(data) ? data : [];
    },
    retry: retryTransient,
  });

const topBannerQuery = queryOptions<Banner | null>({
  queryKey: ['content', 'banners', 'top'],
  queryFn: async ({ signal }) =>
    (await api.get<Banner | null>('/api/banner/top', { toast: false, signal })) ?? null,
  retry: retryTransient,
});

export const useTopBanner = () => useQuery(topBannerQuery);
export const useSlides = () => useQuery(bannerListQuery('slides'));
export const useAdverts = () => useQuery(bannerListQuery('adverts'));
export const usePromos = () => useQuery(bannerListQuery('promos'));

/**
 * Asks for the home page's banners at once (the route's loader), while the page's code is still
 * loading: its largest picture, the campaign strip or the carousel's first slide, waited on both
 * one after the other before (Lighthouse: the banners were asked for 350 ms into a first visit).
 */
export const prefetchHomeBanners = (client: QueryClient) => {
  void client.prefetchQuery(topBannerQuery);
  void client.prefetchQuery(bannerListQuery('slides'));
  void client.prefetchQuery(bannerListQuery('adverts'));
};

export const HEADER_LINKS_LIST: StoredList = [
  ['content', 'links', 'up'],
  '/api/shop/link/up',
  STORAGE_KEYS.links,
];

/** The header's top links (shop link 'up'). */
export const useHeaderLinks = () => useStoredList<Link>(...HEADER_LINKS_LIST);

/** The footer's site links (shop link 'down'); always shown. */
export const useSiteLinks = () =>
  useStoredList<Link>(['content', 'links', 'down'], '/api/shop/link/down', STORAGE_KEYS.siteLinks);

/** The service highlights of the footer (icon, title, summary). */
export const useServiceHighlights = () =>
  useStoredList<Introduce>(['content', 'introduce', 'app'], '/api/shop/introduce/app', STORAGE_KEYS.services);

/**
 * The shop-introduction groups (help pages by topic). There is no storage key for them in the
 * spec's client state, so they load per visit like the banners.
 */
export const useIntroduceGroups = () =>
  useQuery<IntroduceGroup[]>({
    queryKey: ['content', 'introduce', 'main'],
    queryFn: async ({ signal }) => {
      const data = await api.get<IntroduceGroup[] | null>('/api/shop/introduce/main', {
        toast: false,
        signal,
      });
      return Array.isArray(data) ? data : [];
    },
    retry: retryTransient,
  });

/** The sister sites of the mall group (stored as the spec's `osLinks`: other-site links). */
export const useMallSites = () =>
  useStoredList<MallSite>(['content', 'mall-sites'], '/api/consolidation/mall/list', STORAGE_KEYS.osLinks);

/** A service/info page; `id` null (missing or not a positive integer) does not fetch. */
export const useIntroduceDetail = (id: number | null) =>
  useQuery<IntroduceDetail>({
    queryKey: ['content', 'introduce', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<IntroduceDetail>(`/api/shop/introduce/detail/${id}`, { toast: false, signal }),
    enabled: id !== null,
    retry: retryTransient,
  });

/** The terms a shopper agrees to (the operators edit them in the back office). */
export const useTerms = (key: TermsKey) =>
  useQuery<Terms>({
    queryKey: ['content', 'terms', key],
    queryFn: ({ signal }) => api.get<Terms>(`/api/shop/terms/${key}`, { toast: false, signal }),
    retry: retryTransient,
  });
