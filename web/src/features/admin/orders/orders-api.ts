import type {
  AdminOrderDetail,
  CountedTab,
  OrderFilterInput,
  OrderListPage,
  OrderRefunded,
  OrderShip,
  OrderShipped,
  OrderSupplier,
} from '@mall/shared/contract/admin/orders';
import { adminGet, adminRequest, adminSend } from '../admin-api.ts';

export type { AdminOrderDetail, OrderListPage } from '@mall/shared/contract/admin/orders';

/** The back office's order calls (docs/back-office-orders.md). */

export const ORDER_TABS = [
  { key: 'all', label: 'All' },
  { key: 'toPay', label: 'To pay' },
  { key: 'toShip', label: 'To ship' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled / refunded' },
] as const satisfies readonly { key: CountedTab; label: string }[];
export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

/** ORDER_STATUS codes (as numbers) in the operator's words. */
export const STATUS_WORDS = ['To pay', 'To ship', 'Shipped', 'Completed', 'Cancelled'];
export const PAY_WORDS = ['Unpaid', 'Paid', 'Refunding', 'Refunded', 'Payment failed'];

/** The filters as the form holds them: text, as typed. */
export type OrderFilters = Record<Exclude<keyof OrderFilterInput, 'tab'>, string>;
export const NO_FILTERS: OrderFilters = {
  from: '',
  to: '',
  member: '',
  supplierId: '',
  minAmount: '',
  maxAmount: '',
  orderNo: '',
};

/** The query string of a tab and filters (empty ones left out). */
export const filterQuery = (tab: OrderTabKey, f: OrderFilters) => {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('tab', tab);
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') q.set(k, v.trim());
  return q;
};

/** The orders' reads: every key starts with ['admin', 'orders'], so a change reads them all again. */
export const ordersKeys = {
  all: ['admin', 'orders'] as const,
  list: (tab: OrderTabKey, f: OrderFilters, pageNum: number, pageSize: number) =>
    ['admin', 'orders', 'list', tab, f, pageNum, pageSize] as const,
  suppliers: ['admin', 'orders', 'suppliers'] as const,
  detail: (orderNo: string) => ['admin', 'orders', 'detail', orderNo] as const,
};

export const ordersApi = {
  list: (tab: OrderTabKey, f: OrderFilters, pageNum: number, pageSize: number, signal?: AbortSignal) =>
    adminGet<OrderListPage>(
      '/orders',
      { ...Object.fromEntries(filterQuery(tab, f)), pageNum, pageSize },
      signal,
    ),
  suppliers: (signal?: AbortSignal) => adminGet<OrderSupplier[]>('/orders/suppliers', undefined, signal),
  detail: (orderNo: string, signal?: AbortSignal) =>
    adminGet<AdminOrderDetail>(`/orders/${encodeURIComponent(orderNo)}`, undefined, signal),
  ship: (body: OrderShip) => adminSend<OrderShipped>('POST', '/orders/ship', body),
  refund: (orderNo: string) => adminSend<OrderRefunded>('POST', '/orders/refund', { orderNo }),
  /** The filtered list as an .xlsx: the file and the name the server gave it. */
  exportXlsx: async (tab: OrderTabKey, f: OrderFilters): Promise<{ blob: Blob; fileName: string }> => {
    const blob = await adminRequest<Blob>('/orders/export.xlsx', {
      query: Object.fromEntries(filterQuery(tab, f)),
      responseType: 'blob',
    });
    return { blob, fileName: blob instanceof File ? blob.name : 'orders.xlsx' };
  },
};
