import type { CollectAnswer, FavouritePage } from '@mall/shared/contract/favourite';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, useSignedIn } from '../../api/account-queries.ts';
import { api } from '../../api/client.ts';

/**
 * The member's favourites (docs/favourites.md): the list, each good's heart, collect and clear.
 * Query keys sit under `accountKeys.all`, so signing out or in again starts afresh; pages show
 * failures themselves (no toasts from the client).
 */
const quiet = { toast: false } as const;
const LIST = '/api/user/favorite';
const CLEAR = '/api/user/favorite/clear';
const collectPath = (goodsId: number) => `/api/user/favorite/collect/${goodsId}`;

export const FAVOURITES_PAGE_SIZE = 10;

export const favouriteKeys = {
  all: (memberId: number) => [...accountKeys.all, memberId, 'favourites'] as const,
  page: (memberId: number, pageNum: number) => [...favouriteKeys.all(memberId), 'page', pageNum] as const,
  state: (memberId: number, goodsId: number) => [...favouriteKeys.all(memberId), 'state', goodsId] as const,
};

/** GET /api/user/favorite: a page of the member's favourites, newest first. */
export const useFavouritePage = (pageNum: number) => {
  const memberId = useSignedIn()?.id ?? null;
  return useQuery({
    queryKey: favouriteKeys.page(memberId ?? 0, pageNum),
    queryFn: () =>
      api.get<FavouritePage>(LIST, { ...quiet, query: { pageNum, pageSize: FAVOURITES_PAGE_SIZE } }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });
};

/**
 * Whether goods are favourites, asked together: every heart on a page asks for its good, and
 * the hearts that ask within the same moment share one call (`goodsIds`, at most 100).
 */
const BATCH_MAX = 100;
let pending: { ids: Set<number>; waiting: ((ids: Set<number> | Error) => void)[] } | null = null;

const flush = async (batch: NonNullable<typeof pending>) => {
  const ids = [...batch.ids].slice(0, BATCH_MAX);
  try {
    const page = await api.get<FavouritePage>(LIST, {
      ...quiet,
      query: { goodsIds: ids.join(','), pageSize: BATCH_MAX },
    });
    const found = new Set(page.records.map((r) => r.goodsId));
    for (const w of batch.waiting) w(found);
  } catch (err) {
    for (const w of batch.waiting) w(err instanceof Error ? err : new Error(String(err)));
  }
};

const isFavourite = (goodsId: number): Promise<boolean> =>
  new Promise((resolve, reject) => {
    if (!pending || pending.ids.size >= BATCH_MAX) {
      const batch: NonNullable<typeof pending> = { ids: new Set(), waiting: [] };
      pending = batch;
      setTimeout(() => {
        if (pending === batch) pending = null;
        void flush(batch);
      }, 0);
    }
    pending.ids.add(goodsId);
    pending.waiting.push((found) => (found instanceof Error ? reject(found) : resolve(found.has(goodsId))));
  });

/** Whether the signed-in member keeps `goodsId` as a favourite; false (and no call) for a guest. */
export const useFavouriteState = (goodsId: number) => {
  const memberId = useSignedIn()?.id ?? null;
  return useQuery({
    queryKey: favouriteKeys.state(memberId ?? 0, goodsId),
    queryFn: () => isFavourite(goodsId),
    enabled: memberId !== null,
    staleTime: 60_000,
  });
};

/** After a change: the lists and the account's count are read again. */
const refreshAfterChange = (queryClient: QueryClient, memberId: number) => {
  void queryClient.invalidateQueries({ queryKey: [...favouriteKeys.all(memberId), 'page'] });
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === accountKeys.all[0] && q.queryKey.includes('info'),
  });
};

/** PATCH /api/user/favorite/collect/{id}: toggles the good; answers its new state. */
export const useCollect = () => {
  const queryClient = useQueryClient();
  const memberId = useSignedIn()?.id ?? null;
  return async (goodsId: number): Promise<CollectAnswer> => {
    const answer = await api.patch<CollectAnswer>(collectPath(goodsId), undefined, quiet);
    if (memberId !== null) {
      queryClient.setQueryData(favouriteKeys.state(memberId, goodsId), answer.collected);
      refreshAfterChange(queryClient, memberId);
    }
    return answer;
  };
};

/** DELETE /api/user/favorite/clear: empties the list; every heart shows it. */
export const useClearFavourites = () => {
  const queryClient = useQueryClient();
  const memberId = useSignedIn()?.id ?? null;
  return async (): Promise<void> => {
    await api.delete<{ removed: number }>(CLEAR, quiet);
    if (memberId === null) return;
    queryClient.setQueriesData<boolean>({ queryKey: [...favouriteKeys.all(memberId), 'state'] }, false);
    refreshAfterChange(queryClient, memberId);
  };
};
