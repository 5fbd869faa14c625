import { describe, expect, it } from 'vitest';
import { gstOf } from '../src/checkout-rules.ts';
import {
  cardSpendPlan,
  gstOfCents,
  type MoneyLine,
  type OrderMoneyInput,
  orderMoney,
  type PromoRule,
  promoDiscountCents,
  refundPlan,
  type ShippingRuleCents,
  spreadByLargestRemainder,
} from '../src/order-money.ts';

const SHIPPING: ShippingRuleCents[] = [
  { island: 'north', memberKind: 'retail', feeCents: 890, freeFromCents: 9900 },
  { island: 'south', memberKind: 'retail', feeCents: 890, freeFromCents: 9900 },
  { island: 'north', memberKind: 'wholesale', feeCents: 0, freeFromCents: null },
  { island: 'south', memberKind: 'wholesale', feeCents: 0, freeFromCents: null },
];
const POINTS = { valueCents: 1, maxSharePercent: 20, earnPerDollar: 1 };
const line = (
  id: number,
  unitCents: number,
  count = 1,
  supplierId = 1,
  categoryIds = [10, 100],
): MoneyLine => ({
  id,
  unitCents,
  count,
  supplierId,
  categoryIds,
});
const percent = (pct: number, extra: Partial<PromoRule> = {}): PromoRule => ({
  kind: 'percent',
  percentOff: pct,
  amountOffCents: null,
  minSpendCents: 0,
  supplierId: null,
  categoryId: null,
  ...extra,
});
const amountOff = (cents: number, extra: Partial<PromoRule> = {}): PromoRule => ({
  kind: 'amount',
  percentOff: null,
  amountOffCents: cents,
  minSpendCents: 0,
  supplierId: null,
  categoryId: null,
  ...extra,
});
const input = (over: Partial<OrderMoneyInput> = {}): OrderMoneyInput => ({
  lines: [line(1, 5000)],
  kind: 'retail',
  island: 'north',
  shipping: SHIPPING,
  promo: null,
  points: { balance: 0, requested: 0, rule: POINTS },
  cards: { funds: [], requestedCents: null },
  now: '2026-11-24T00:00:00Z',
  ...over,
});

describe('spreadByLargestRemainder', () => {
  it('gives each part its whole cents and the cents left to the largest remainders', () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(10, [3333, 3333, 3334])).toEqual([3, 3, 4]);
    expect(spreadByLargestRemainder(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(spreadByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
  });
  it('always adds up to the amount, at sizes where float arithmetic would not', () => {
    const weights = [999_999_999_97, 1, 3, 123_456_789];
    const parts = spreadByLargestRemainder(9_007_199_254, weights);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(9_007_199_254);
  });
});

describe('gstOfCents agrees with gstOf on decimals', () => {
  it.each([11500, 2300, 23, 890, 1000, 600, 9900, 1, 0, 123_456_789])('%i cents', (c) => {
    expect(gstOfCents(c) / 100).toBe(gstOf(c / 100));
  });
});

describe('promoDiscountCents', () => {
  it('rounds a percentage half up and never gives more than the goods', () => {
    expect(promoDiscountCents(percent(15), 999)).toBe(150); // 149.85
    expect(promoDiscountCents(percent(10), 5)).toBe(1); // 0.5 rounds up
    expect(promoDiscountCents(percent(10), 4)).toBe(0);
    expect(promoDiscountCents(amountOff(2000), 1500)).toBe(1500);
  });
});

describe('orderMoney: the order of money', () => {
  it('without a wallet is goods plus shipping', () => {
    const m = orderMoney(input());
    expect(m).toMatchObject({ goodsCents: 5000, shippingCents: 890, totalCents: 5890, gatewayCents: 5890 });
    expect(m.gstCents).toBe(768);
  });

  it('takes the discount on the goods in scope only, spread over them to the cent', () => {
    const m = orderMoney(
      input({
        lines: [line(1, 1000, 1, 7), line(2, 1000, 2, 8), line(3, 333, 1, 7)],
        promo: percent(10, { supplierId: 7 }),
      }),
    );
    expect(m.eligibleCents).toBe(1333);
    expect(m.discountCents).toBe(133); // 133.3
    expect(m.lines.map((l) => l.discountCents)).toEqual([100, 0, 33]);
  });

  it('scopes a category to the goods under it', () => {
    const m = orderMoney(
      input({
        lines: [line(1, 4000, 1, 1, [5, 50]), line(2, 6000, 1, 1, [6, 60])],
        promo: amountOff(1000, { categoryId: 60 }),
      }),
    );
    expect(m.lines.map((l) => l.discountCents)).toEqual([0, 1000]);
  });

  it('measures the minimum spend on the eligible goods before the discount', () => {
    const promo = amountOff(1000, { minSpendCents: 5000, supplierId: 1 });
    const below = orderMoney(input({ lines: [line(1, 4999), line(2, 9000, 1, 2)], promo }));
    expect(below).toMatchObject({ discountCents: 0, promoRefusal: 'belowMinimum' });
    const at = orderMoney(input({ lines: [line(1, 5000)], promo }));
    expect(at).toMatchObject({ discountCents: 1000, promoRefusal: null });
    const none = orderMoney(input({ lines: [line(1, 5000, 1, 3)], promo }));
    expect(none.promoRefusal).toBe('nothingInScope');
  });

  it('decides shipping on the goods after the discount', () => {
    // $100 of goods is free shipping; $90 after a 10% coupon is not.
    const m = orderMoney(input({ lines: [line(1, 10000)], promo: percent(10) }));
    expect(m).toMatchObject({ discountCents: 1000, shippingCents: 890, totalCents: 9890 });
  });

  it('measures the wholesale minimum on the goods after the discount', () => {
    const m = orderMoney(input({ kind: 'wholesale', lines: [line(1, 61000)], promo: amountOff(2000) }));
    expect(m).toMatchObject({ minimumCents: 60000, missingCents: 1000 });
  });

  it('lets points pay up to their share of the goods after the discount, and no more than the balance', () => {
    const base = { lines: [line(1, 10000)], promo: amountOff(1000) };
    const capped = orderMoney(input({ ...base, points: { balance: 5000, requested: 5000, rule: POINTS } }));
    expect(capped).toMatchObject({ pointsMax: 1800, pointsUsed: 1800, pointsCents: 1800 });
    const few = orderMoney(input({ ...base, points: { balance: 300, requested: 5000, rule: POINTS } }));
    expect(few).toMatchObject({ pointsMax: 300, pointsUsed: 300 });
    const asked = orderMoney(input({ ...base, points: { balance: 5000, requested: 250, rule: POINTS } }));
    expect(asked.pointsUsed).toBe(250);
    // 9000 goods after discount - 250 points + 890 shipping
    expect(asked.totalCents).toBe(9640);
    expect(asked.gstCents).toBe(gstOfCents(9640));
  });

  it('never takes negative or fractional points', () => {
    const m = orderMoney(input({ points: { balance: 100, requested: -5, rule: POINTS } }));
    expect(m.pointsUsed).toBe(0);
    const f = orderMoney(input({ points: { balance: 100, requested: 10.7, rule: POINTS } }));
    expect(f.pointsUsed).toBe(10);
  });

  it('spreads points over the lines after their discount', () => {
    const m = orderMoney(
      input({
        lines: [line(1, 3000, 1, 1), line(2, 3000, 1, 2)],
        promo: amountOff(1000, { supplierId: 1 }),
        points: { balance: 999, requested: 999, rule: { ...POINTS, maxSharePercent: 100 } },
      }),
    );
    // lines after discount: 2000 and 3000; 999 points split 2:3
    expect(m.lines.map((l) => l.pointsCents)).toEqual([400, 599]);
    expect(m.lines.reduce((s, l) => s + l.pointsCents, 0)).toBe(m.pointsCents);
  });

  it('does not lower the GST for card money: a card is a way of paying', () => {
    const withCard = orderMoney(
      input({
        cards: {
          funds: [{ id: 1, balanceCents: 2000, expiresAt: '2030-01-01T00:00:00Z' }],
          requestedCents: 'all',
        },
      }),
    );
    const without = orderMoney(input());
    expect(withCard.gstCents).toBe(without.gstCents);
    expect(withCard).toMatchObject({ cardCents: 2000, gatewayCents: 3890, totalCents: 5890 });
  });

  it('pays the whole order from cards when they hold enough, leaving nothing for the gateway', () => {
    const m = orderMoney(
      input({
        cards: {
          funds: [{ id: 1, balanceCents: 10000, expiresAt: '2030-01-01T00:00:00Z' }],
          requestedCents: 'all',
        },
      }),
    );
    expect(m).toMatchObject({ cardCents: 5890, gatewayCents: 0, cardSpends: [{ cardId: 1, cents: 5890 }] });
  });

  it('spends no more card money than asked', () => {
    const m = orderMoney(
      input({
        cards: {
          funds: [{ id: 1, balanceCents: 10000, expiresAt: '2030-01-01T00:00:00Z' }],
          requestedCents: 1234,
        },
      }),
    );
    expect(m).toMatchObject({ cardCents: 1234, gatewayCents: 5890 - 1234 });
  });

  it('earns points on the goods paid, after discount and points, not on shipping', () => {
    const m = orderMoney(
      input({
        lines: [line(1, 5099)],
        promo: amountOff(100),
        points: { balance: 50, requested: 50, rule: POINTS },
      }),
    );
    // 5099 - 100 - 50 = 4949 cents: 49 whole dollars
    expect(m.pointsEarned).toBe(49);
  });

  it('refuses a zero or fractional count and negative prices', () => {
    expect(() => orderMoney(input({ lines: [line(1, 100, 0)] }))).toThrow(RangeError);
    expect(() => orderMoney(input({ lines: [line(1, -1)] }))).toThrow(RangeError);
    expect(() => orderMoney(input({ lines: [line(1, 1.5)] }))).toThrow(RangeError);
  });
});

describe('cardSpendPlan', () => {
  const funds = [
    { id: 1, balanceCents: 500, expiresAt: '2029-01-01T00:00:00Z' },
    { id: 2, balanceCents: 500, expiresAt: '2027-01-01T00:00:00Z' },
    { id: 3, balanceCents: 500, expiresAt: '2026-01-01T00:00:00Z' }, // expired
    { id: 4, balanceCents: 0, expiresAt: '2026-12-01T00:00:00Z' },
  ];
  it('spends the cards that expire first, skipping expired and empty ones', () => {
    expect(cardSpendPlan(funds, 700, '2026-11-24T00:00:00Z')).toEqual([
      { cardId: 2, cents: 500 },
      { cardId: 1, cents: 200 },
    ]);
  });
  it('spends no more than the cards hold', () => {
    expect(cardSpendPlan(funds, 5000, '2026-11-24T00:00:00Z').reduce((s, c) => s + c.cents, 0)).toBe(1000);
  });
});

describe('refundPlan', () => {
  const order = {
    gatewayCents: 3000,
    cardSpends: [
      { cardId: 2, cents: 500 },
      { cardId: 1, cents: 200 },
    ],
    pointsUsed: 100,
    pointsEarnedCredited: 0,
    pointsBalance: 0,
    pointValueCents: 1,
  };
  it('puts everything back where it came from', () => {
    expect(refundPlan(order)).toEqual({
      cardBack: [
        { cardId: 2, cents: 500 },
        { cardId: 1, cents: 200 },
      ],
      pointsBack: 100,
      pointsTakenBack: 0,
      shortfallCents: 0,
      gatewayBack: 3000,
    });
  });
  it('takes earned points back, and charges the spent ones against the gateway part first', () => {
    const p = refundPlan({ ...order, pointsUsed: 0, pointsEarnedCredited: 80, pointsBalance: 30 });
    expect(p).toMatchObject({ pointsTakenBack: 30, shortfallCents: 50, gatewayBack: 2950 });
  });
  it('charges what the gateway part cannot cover against the card spent last', () => {
    const p = refundPlan({
      ...order,
      gatewayCents: 0,
      pointsUsed: 0,
      pointsEarnedCredited: 300,
      pointsBalance: 0,
    });
    expect(p).toMatchObject({ shortfallCents: 300, gatewayBack: 0 });
    expect(p.cardBack).toEqual([{ cardId: 2, cents: 400 }]);
  });
});
