import type { OrderDetail } from '@mall/shared/contract/order';
import { AdminApiError, adminCall, adminToken } from '../admin-api.ts';

/** The back office's order calls (docs/back-office-orders.md). */

export const ORDER_TABS = [
  { key: 'all', label: 'All' },
  { key: 'toPay', label: 'To pay' },
  { key: 'toShip', label: 'To ship' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled / refunded' },
] as const;
export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

/** ORDER_STATUS codes (as numbers) in the operator's words. */
export const STATUS_WORDS = ['To pay', 'To ship', 'Shipped', 'Completed', 'Cancelled'];
export const PAY_WORDS = ['Unpaid', 'Paid', 'Refunding', 'Refunded', 'Payment failed'];

/** The filters as the form holds them: text, as typed. */
export interface OrderFilters {
  from: string;
  to: string;
  member: string;
  supplierId: string;
  minAmount: string;
  maxAmount: string;
  orderNo: string;
}
export const NO_FILTERS: OrderFilters = {
  from: '',
  to: '',
  member: '',
  supplierId: '',
  minAmount: '',
  maxAmount: '',
  orderNo: '',
};

export interface MemberContact {
  memberNo: string;
  name: string;
  email: string;
  phone: string;
}

export interface OrderRow {
  id: number;
  orderNo: string;
  member: MemberContact;
  kind: 'goods' | 'club';
  title: string | null;
  status: number;
  payStatus: number;
  totalCents: number;
  cardCents: number;
  itemCount: number;
  suppliers: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  carrier: string | null;
  trackingNo: string | null;
}

export interface OrderListPage {
  list: OrderRow[];
  counts: Record<OrderTabKey, number>;
  /** What each tab was counted up to: a count above it means more (docs/back-office-orders.md: counts). */
  caps: Record<OrderTabKey, number>;
  total: number;
  capped: boolean;
  page: number;
  size: number;
}

export type AdminOrderDetail = OrderDetail & {
  member: MemberContact;
  paidAt: string | null;
  shippedAt: string | null;
};

export interface RefundDone {
  orderNo: string;
  gatewayCents: number;
  cardCents: number;
  shortfallCents: number;
}

/** The query string of a tab and filters (empty ones left out). */
export const filterQuery = (tab: OrderTabKey, f: OrderFilters) => {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('tab', tab);
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') q.set(k, v.trim());
  return q;
};

export const ordersApi = {
  list: (tab: OrderTabKey, f: OrderFilters, page: number, size: number) => {
    const q = filterQuery(tab, f);
    q.set('page', String(page));
    q.set('size', String(size));
    return adminCall<OrderListPage>('GET', `/orders?${q}`);
  },
  suppliers: () => adminCall<{ id: number; name: string }[]>('GET', '/orders/suppliers'),
  detail: (orderNo: string) => adminCall<AdminOrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`),
  ship: (orderNo: string, carrier: string, trackingNo: string) =>
    adminCall<{ id: number; orderNo: string }>('POST', '/orders/ship', { orderNo, carrier, trackingNo }),
  refund: (orderNo: string) => adminCall<RefundDone>('POST', '/orders/refund', { orderNo }),
  /** The filtered list as an .xlsx: the file and its name. */
  exportXlsx: async (tab: OrderTabKey, f: OrderFilters): Promise<{ blob: Blob; fileName: string }> => {
    const token = adminToken.get();
    const res = await fetch(`/api/admin/orders/export.xlsx?${filterQuery(tab, f)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new AdminApiError(body?.message ?? `The server answered ${res.status}.`, res.status, res.status);
    }
    const name =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.xlsx';
    return { blob: await res.blob(), fileName: name };
  },
};
