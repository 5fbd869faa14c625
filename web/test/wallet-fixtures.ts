import type { CashCard, Discount, OrderQuote, PointRecord } from '@mall/shared/contract/wallet';

/** A point movement: +50 from an order unless told otherwise. */
export const pointRecord = (over: Partial<PointRecord> & { id: number }): PointRecord => ({
  points: 50,
  balanceAfter: 50,
  reason: '0',
  order: { id: 7, orderNo: 'NZ20261123007' },
  at: '2026-11-20T01:30:00.000Z',
  ...over,
});

/** A cash card with $50 on it, sold on 1 April 2026 and valid three years. */
export const cashCard = (over: Partial<CashCard> & { id: number }): CashCard => ({
  cardNoLast4: '4321',
  faceValue: 50,
  balance: 50,
  expiresAt: '2029-04-01T00:00:00.000Z',
  soldAt: '2026-04-01T00:00:00.000Z',
  addedAt: '2026-11-01T00:00:00.000Z',
  expired: false,
  movements: [
    { amount: 50, balanceAfter: 50, reason: 'issued', order: null, at: '2026-11-01T00:00:00.000Z' },
  ],
  ...over,
});

/** A usable discount card: 10% off goods from Local SPY on $50 or more. */
export const discount = (over: Partial<Discount> & { id: number }): Discount => ({
  source: 'card',
  title: 'Local SPY 10%',
  code: null,
  rule: {
    kind: 'percent',
    percentOff: 10,
    amountOff: null,
    minSpend: 50,
    supplier: { id: 3, name: 'Local SPY' },
    category: null,
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T00:00:00.000Z',
  },
  state: 'usable',
  usedOn: null,
  receivedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A coupon: $5 off, no minimum. */
export const coupon = (over: Partial<Discount> & { id: number }): Discount =>
  discount({
    source: 'coupon',
    title: 'Welcome $5',
    code: 'WELCOME5',
    rule: {
      kind: 'amount',
      percentOff: null,
      amountOff: 5,
      minSpend: 0,
      supplier: null,
      category: null,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-31T00:00:00.000Z',
    },
    ...over,
  });

/** A quote with nothing chosen: $60 of goods, $8 shipping, 300 points and $20 of cards to use. */
export const quote = (over: Partial<OrderQuote> = {}): OrderQuote => ({
  goodsAmount: 60,
  discountAmount: 0,
  shippingFee: 8,
  pointsUsed: 0,
  pointsAmount: 0,
  totalAmount: 68,
  gstAmount: 8.87,
  cardAmount: 0,
  payAmount: 68,
  pointsEarned: 60,
  discountRefusal: null,
  pointsBalance: 300,
  pointsMax: 300,
  pointValue: 0.01,
  cardBalance: 20,
  discounts: [],
  minimum: null,
  missing: 0,
  ...over,
});
