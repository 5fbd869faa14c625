import type { ShippingRule } from '@mall/shared/checkout-rules';
import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { Address, AddressPage } from '@mall/shared/contract/address';
import type { OrderDetail, OrderLine } from '@mall/shared/contract/order';
import { orderLine as listedOrderLine } from './orders-fixtures.ts';

/** A saved address; Auckland (North Island) unless told otherwise. */
export const address = (over: Partial<Address> & { id: number }): Address => ({
  recipient: `Recipient ${over.id}`,
  phone: '0211234567',
  street: `${over.id} Queen Street`,
  suburb: 'Ponsonby',
  city: 'Auckland',
  region: 'AUK',
  regionName: 'Auckland',
  island: 'north',
  postcode: '1011',
  isDefault: false,
  ...over,
});

/** In Christchurch (South Island). */
export const southAddress = (over: Partial<Address> & { id: number }): Address =>
  address({
    street: `${over.id} Colombo Street`,
    suburb: 'Sydenham',
    city: 'Christchurch',
    region: 'CAN',
    regionName: 'Canterbury',
    island: 'south',
    postcode: '8023',
    ...over,
  });

export const addressPage = (records: Address[]): AddressPage => ({
  records,
  total: records.length,
  pageNum: 1,
  pageSize: 20,
});

/**
 * Shipping: retail $8.50 on the North Island (free from $100), $12.00 on the South Island
 * (free from $150); wholesale $25.00 north (free from $1,000), $40.00 south (never free).
 */
export const shippingRules: ShippingRule[] = [
  { island: 'north', memberKind: 'retail', fee: 8.5, freeFrom: 100 },
  { island: 'south', memberKind: 'retail', fee: 12, freeFrom: 150 },
  { island: 'north', memberKind: 'wholesale', fee: 25, freeFrom: 1000 },
  { island: 'south', memberKind: 'wholesale', fee: 40, freeFrom: null },
];

/** A line of an order being paid: $10 x 1, no options, unless told otherwise. */
export const orderLine = (over: Partial<OrderLine> & { id: number }): OrderLine =>
  listedOrderLine({
    skuId: over.id,
    goodsId: over.id * 10,
    skuLabel: '',
    price: 10,
    count: 1,
    amount: 10,
    ...over,
  });

/** An unpaid order of $68.47 placed now, closing in 30 minutes. */
export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 77,
  orderNo: 'KM20261123000077',
  kind: 'goods',
  title: null,
  status: ORDER_STATUS.pendingPayment,
  payStatus: PAY_STATUS.unpaid,
  goodsAmount: 59.97,
  discountAmount: 0,
  shippingFee: 8.5,
  pointsUsed: 0,
  pointsAmount: 0,
  totalAmount: over.payAmount ?? 68.47,
  cardAmount: 0,
  payAmount: 68.47,
  pointsEarned: 59,
  gstAmount: 8.93,
  itemCount: 3,
  createdAt: new Date().toISOString(),
  payDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
  lines: [
    orderLine({
      id: 1,
      name: 'Manuka Honey 500g',
      skuLabel: 'UMF 10+',
      price: 19.99,
      count: 3,
      amount: 59.97,
    }),
  ],
  address: {
    recipient: 'Aroha Ngata',
    phone: '0211234567',
    street: '12 Queen Street',
    suburb: 'Ponsonby',
    city: 'Auckland',
    region: 'AUK',
    regionName: 'Auckland',
    island: 'north',
    postcode: '1011',
  },
  remark: '',
  timeline: [{ kind: 'placed', at: new Date().toISOString(), note: '' }],
  payments: [],
  trackingNo: null,
  carrier: null,
  refunds: [],
  ...over,
});

type Payment = OrderDetail['payments'][number];
export const payment = (over: Partial<Payment> = {}): Payment => ({
  provider: 'sandbox',
  status: 'pending',
  amount: 68.47,
  reference: 'pay_1',
  createdAt: new Date().toISOString(),
  cardLast4: null,
  refunds: [],
  ...over,
});

/** Paid (to ship). */
export const paidOrder = (over: Partial<OrderDetail> = {}) =>
  orderDetail({
    status: ORDER_STATUS.toShip,
    payStatus: PAY_STATUS.paid,
    payDeadline: null,
    payments: [payment({ status: 'succeeded', cardLast4: '4242' })],
    ...over,
  });
