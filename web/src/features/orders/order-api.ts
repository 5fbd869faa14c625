import type { OrderDetail, OrderPage } from '@mall/shared/contract/order';
import type { OrderStatus } from '@mall/shared/order-states';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/server-errors.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * The order calls (docs/calls.md: orders) that My Order and Order Detail make, and their
 * TanStack Query hooks. The pages show failures themselves, so these calls never toast.
 */

const quiet = { toast: false } as const;
export const ORDER_PAGE_SIZE = 10;

export const orderKeys = {
  all: ['orders'] as const,
  list: (memberId: number, status: OrderStatus | null, pageNum: number, pageSize: number) =>
    ['orders', memberId, 'list', status ?? 'all', pageNum, pageSize] as const,
  detail: (memberId: number, id: number) => ['orders', memberId, 'detail', id] as const,
};

const useMemberId = () => useSession((s) => (s.token !== null ? (s.member?.id ?? 0) : null));

/** GET /api/sale/order/app/list: one page of the member's orders, newest first. */
export const useOrderList = (status: OrderStatus | null, pageNum: number, pageSize = ORDER_PAGE_SIZE) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: orderKeys.list(memberId ?? 0, status, pageNum, pageSize),
    queryFn: ({ signal }) =>
      api.get<OrderPage>('/api/sale/order/app/list', {
        ...quiet,
        signal,
        query: { status: status ?? undefined, pageNum, pageSize },
      }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });
};

/** GET /api/sale/order/app/detail/{id}. */
export const useOrderDetail = (id: number | null) => {
  const memberId = useMemberId();
  return useQuery({
    queryKey: orderKeys.detail(memberId ?? 0, id ?? 0),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/api/sale/order/app/detail/${id}`, { ...quiet, signal }),
    enabled: memberId !== null && id !== null,
  });
};

/** After any change: the lists, the details and the personal centre's badges load again. */
export const refreshOrders = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'account' && q.queryKey.at(-1) === 'badge',
    }),
  ]);

export type OrderChange = 'cancel' | 'delete' | 'confirmReceipt';

const changeRequest = (change: OrderChange, id: number) => {
  switch (change) {
    case 'cancel':
      return api.patch<OrderDetail>(`/api/sale/order/cancel/${id}`, undefined, quiet);
    case 'confirmReceipt':
      return api.patch<OrderDetail>(`/api/sale/order/confirm/receipt/${id}`, undefined, quiet);
    case 'delete':
      return api.delete<null>(`/api/sale/order/del/${id}`, quiet);
  }
};

const CHANGE_DONE: Record<OrderChange, string> = {
  cancel: 'Order cancelled',
  delete: 'Order deleted',
  confirmReceipt: 'Thanks! The order is now completed',
};

/**
 * PATCH cancel, DELETE del, PATCH confirm/receipt: the change, a toast saying how it went, and
 * everything that shows orders refreshed.
 */
export const useOrderChange = () => {
  const queryClient = useQueryClient();
  const memberId = useMemberId();
  return useMutation({
    mutationFn: ({ change, id }: { change: OrderChange; id: number }) => changeRequest(change, id),
    onSuccess: (answer, { change, id }) => {
      if (answer && typeof answer === 'object')
        queryClient.setQueryData(orderKeys.detail(memberId ?? 0, id), answer);
      toast.success(CHANGE_DONE[change]);
    },
    onError: (err) => toast.error(errorMessage(err)),
    // Not awaited: the caller's own onSuccess (e.g. leaving a deleted order's page) runs at once.
    onSettled: () => {
      void refreshOrders(queryClient);
    },
  });
};
