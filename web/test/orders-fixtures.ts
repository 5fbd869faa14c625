import type { OrderBadge } from '@mall/shared/contract/account';
import type { Comment, OrderDetail, OrderLine, OrderSummary } from '@mall/shared/contract/order';
import { useSession } from '../src/state/session-store.ts';
import { type Reply, type SeenCall, stubAccountApi } from './account-api-stub.ts';
import { orderBadge, retailMember } from './account-fixtures.ts';

/** A line of an order: Kiwi Fresh Foods, $12.50 x 2 unless told otherwise. */
export const orderLine = (over: Partial<OrderLine> & { id: number }): OrderLine => ({
  skuId: over.id * 10,
  goodsId: over.id * 100,
  name: `Good ${over.id}`,
  skuLabel: 'Colour: Blue',
  thumbUrl: `/uploads/goods/${over.id}.svg`,
  price: 12.5,
  count: 2,
  amount: 25,
  supplierId: 2,
  supplierCode: 'KFF',
  supplierName: 'Kiwi Fresh Foods',
  self: false,
  discountAmount: 0,
  pointsAmount: 0,
  commented: false,
  ...over,
});

export const orderSummary = (over: Partial<OrderSummary> & { id: number }): OrderSummary => ({
  orderNo: `NZ2026112300${over.id}`,
  kind: 'goods',
  title: null,
  status: '1',
  payStatus: '1',
  goodsAmount: 25,
  discountAmount: 0,
  shippingFee: 8,
  pointsUsed: 0,
  pointsAmount: 0,
  totalAmount: over.payAmount ?? 33,
  cardAmount: 0,
  payAmount: 33,
  pointsEarned: 25,
  gstAmount: 4.3,
  itemCount: 2,
  createdAt: '2026-11-20T01:30:00.000Z',
  payDeadline: null,
  lines: [orderLine({ id: over.id * 10 + 1 })],
  ...over,
});

export const orderDetail = (over: Partial<OrderDetail> & { id: number }): OrderDetail => ({
  ...orderSummary(over),
  address: {
    recipient: 'Aroha Ngata',
    phone: '0211234567',
    street: '1 Queen Street',
    suburb: 'Auckland Central',
    city: 'Auckland',
    region: 'AUK',
    regionName: 'Auckland',
    island: 'north',
    postcode: '1010',
  },
  remark: '',
  timeline: [{ kind: 'placed', at: '2026-11-20T01:30:00.000Z', note: '' }],
  payments: [],
  trackingNo: null,
  carrier: null,
  refunds: [],
  ...over,
});

export const comment = (over: Partial<Comment> & { id: number }): Comment => ({
  orderId: 1,
  orderLineId: over.id * 10,
  goodsId: 700,
  name: 'Merino Crew Top',
  skuLabel: 'Size: M',
  thumbUrl: '/uploads/goods/7.svg',
  rating: 5,
  content: 'Warm and soft.',
  author: 'A***a',
  createdAt: '2026-11-21T02:00:00.000Z',
  ...over,
});

export const page = <T>(
  records: T[],
  over: { total?: number; pageNum?: number; pageSize?: number } = {},
) => ({
  records,
  total: over.total ?? records.length,
  pageNum: over.pageNum ?? 1,
  pageSize: over.pageSize ?? 10,
});

/** A signed-in retail member (the badge call is /api/retail/...). */
export const signInMember = () =>
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember() });

export const signOut = () => useSession.setState({ token: null, refreshToken: null, member: null });

/**
 * The order calls on an in-memory list: the list filters by ?status= and pages, the badge counts
 * the statuses, cancel/confirm/delete change the orders. `override` replaces a call.
 */
export const orderServer = (
  initial: OrderSummary[],
  override: Record<string, Reply | ((call: SeenCall) => Reply)> = {},
) => {
  let orders = [...initial];
  const badge = (): OrderBadge =>
    orderBadge({
      pendingPayment: orders.filter((o) => o.status === '0').length,
      toShip: orders.filter((o) => o.status === '1').length,
      shipped: orders.filter((o) => o.status === '2').length,
      completed: orders.filter((o) => o.status === '3').length,
      cancelled: orders.filter((o) => o.status === '4').length,
    });
  const set = (id: number, status: OrderSummary['status']): Reply => {
    orders = orders.map((o) => (o.id === id ? { ...o, status } : o));
    return { data: orderDetail(orders.find((o) => o.id === id)!) };
  };
  const handlers: Record<string, Reply | ((call: SeenCall) => Reply)> = {
    'GET /api/retail/customer/order/badge': () => ({ data: badge() }),
    'GET /api/sale/order/app/list': (c) => {
      const status = c.url.searchParams.get('status');
      const pageNum = Number(c.url.searchParams.get('pageNum') ?? 1);
      const pageSize = Number(c.url.searchParams.get('pageSize') ?? 10);
      const matching = orders.filter((o) => !status || o.status === status);
      return {
        data: page(matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), {
          total: matching.length,
          pageNum,
          pageSize,
        }),
      };
    },
  };
  for (const o of initial) {
    handlers[`GET /api/sale/order/app/detail/${o.id}`] = () => ({
      data: orderDetail(orders.find((x) => x.id === o.id)!),
    });
    handlers[`PATCH /api/sale/order/cancel/${o.id}`] = () => set(o.id, '4');
    handlers[`PATCH /api/sale/order/confirm/receipt/${o.id}`] = () => set(o.id, '3');
    handlers[`DELETE /api/sale/order/del/${o.id}`] = () => {
      orders = orders.filter((x) => x.id !== o.id);
      return { data: null };
    };
  }
  const api = stubAccountApi({ ...handlers, ...override });
  return { ...api, orders: () => orders };
};
