import type { Comment, CommentInput, CommentPage } from '@mall/shared/contract/order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * The comment calls (docs/orders.md: what the member sees): a member rates each line of a completed order once, 1 to 5 with
 * text; their own comments; and every good's public reviews (authors masked). Callers show
 * failures themselves, so these calls never toast.
 */

const quiet = { toast: false } as const;
export const MY_COMMENTS_PAGE_SIZE = 10;
export const GOODS_COMMENTS_PAGE_SIZE = 5;

export const commentKeys = {
  all: ['comments'] as const,
  mine: (memberId: number, pageNum: number) => ['comments', 'mine', memberId, pageNum] as const,
  one: (memberId: number, id: number) => ['comments', 'one', memberId, id] as const,
  goods: (goodsId: number, pageNum: number) => ['comments', 'goods', goodsId, pageNum] as const,
};

const useMemberId = () => useSession((s) => (s.token !== null ? (s.member?.id ?? 0) : null));

/** GET /api/sale/order/comment/app: the member's own comments, newest first. */
export const useMyComments = (pageNum: number, pageSize = MY_COMMENTS_PAGE_SIZE) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: commentKeys.mine(memberId ?? 0, pageNum),
    queryFn: ({ signal }) =>
      api.get<CommentPage>('/api/sale/order/comment/app', { ...quiet, signal, query: { pageNum, pageSize } }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });
};

/** GET /api/sale/order/comment/{id}: one of the member's comments. */
export const useComment = (id: number | null) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: commentKeys.one(memberId ?? 0, id ?? 0),
    queryFn: ({ signal }) => api.get<Comment>(`/api/sale/order/comment/${id}`, { ...quiet, signal }),
    enabled: memberId !== null && id !== null,
  });
};

/** GET /api/sale/good/comment/{goodsId}: a good's public reviews. */
export const useGoodsComments = (goodsId: number, pageNum: number, pageSize = GOODS_COMMENTS_PAGE_SIZE) =>
  useQuery({
    queryKey: commentKeys.goods(goodsId, pageNum),
    queryFn: ({ signal }) =>
      api.get<CommentPage>(`/api/sale/good/comment/${goodsId}`, {
        ...quiet,
        signal,
        query: { pageNum, pageSize },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/sale/order/comment (409 when the line is rated already or the order is not
 * completed). On success the comments, the orders (the line is now rated) and the badges
 * (one fewer to comment) load again.
 */
export const useSubmitComment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentInput) => api.post<Comment>('/api/sale/order/comment', body, quiet),
    // Not awaited: the form leaves at once rather than first showing its line as rated.
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'account' && q.queryKey.at(-1) === 'badge',
        }),
      ]);
    },
  });
};
