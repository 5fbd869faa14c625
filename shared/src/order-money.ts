import { MINIMUM_ORDER } from './constants.ts';
import type { MemberKind } from './contract/account.ts';
import type { Island } from './nz-regions.ts';

/**
 * What an order costs and how it is paid, with a member's wallet (docs/wallet.md: the order of
 * money). The browser runs it to show checkout and the server runs it again on submit, so the
 * two always agree. Everything is whole cents (integers), so every step is exact:
 *
 * 1. each line's unit price is already the lower of the member's tier price and a running
 *    promotion;
 * 2. the one coupon or discount card applies to the goods in its scope, its minimum spend
 *    measured on those goods before it;
 * 3. shipping and the wholesale minimum look at the goods after that discount;
 * 4. points pay up to their share of the goods after the discount;
 * 5. the total is goods - discount - points + shipping, and GST is 3/23 of it (coupons, discount
 *    cards and points lower the price; a cash card is a way of paying and does not);
 * 6. cash cards pay what they can of the total, the cards that expire first first;
 * 7. the gateway is paid the rest.
 *
 * Each discount (the promotion code's, the points') is spread over the lines it applies to, to
 * the cent, by the largest remainder, and stored per line.
 */

export interface MoneyLine {
  /** The cart line or order line id. */
  id: number;
  unitCents: number;
  count: number;
  supplierId: number;
  /** The good's category and every category above it. */
  categoryIds: readonly number[];
}

/** The rule of a coupon or discount card (docs/wallet.md: coupons and discount cards). */
export interface PromoRule {
  /** `percent`: `percentOff` whole percent of the eligible goods; `amount`: `amountOffCents` off them. */
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffCents: number | null;
  /** The eligible goods must come to at least this before the discount; 0 for none. */
  minSpendCents: number;
  /** Only goods of this supplier, or of this category (or below it), are eligible; null for all. */
  supplierId: number | null;
  categoryId: number | null;
}

export interface ShippingRuleCents {
  island: Island;
  memberKind: MemberKind;
  feeCents: number;
  /** Goods (after the discount) from which shipping is free; null when it never is. */
  freeFromCents: number | null;
}

export interface PointsRule {
  /** What one point is worth when spent, in cents. */
  valueCents: number;
  /** The share of the goods after the discount that points may pay, in whole percent. */
  maxSharePercent: number;
  /** Points earned per whole dollar of goods paid (after discount and points). */
  earnPerDollar: number;
}

export interface CashCardFunds {
  id: number;
  balanceCents: number;
  /** ISO date-time; cards past it are not spent. */
  expiresAt: string;
}

export interface OrderMoneyInput {
  lines: readonly MoneyLine[];
  kind: MemberKind;
  island: Island;
  shipping: readonly ShippingRuleCents[];
  promo: PromoRule | null;
  points: { balance: number; requested: number; rule: PointsRule };
  /** The member's cards and how much of them to spend (null: none; 'all': as much as is due). */
  cards: { funds: readonly CashCardFunds[]; requestedCents: number | 'all' | null };
  /** ISO date-time of the order; cards that expired by then are not spent. */
  now: string;
}

export interface LineMoney {
  id: number;
  amountCents: number;
  discountCents: number;
  pointsCents: number;
}

/** Why the promotion code does not apply to this order. */
export type PromoRefusal = 'nothingInScope' | 'belowMinimum';

export interface OrderMoney {
  goodsCents: number;
  /** The goods the promotion code's scope covers, before the discount. */
  eligibleCents: number;
  discountCents: number;
  promoRefusal: PromoRefusal | null;
  shippingCents: number;
  /** The wholesale minimum of goods for the island; null for retail. */
  minimumCents: number | null;
  /** How much more goods (after the discount) a wholesale order needs; 0 when it has enough. */
  missingCents: number;
  /** The most points this order may take, and the ones it takes. */
  pointsMax: number;
  pointsUsed: number;
  pointsCents: number;
  /** goods - discount - points + shipping: the price, GST-inclusive. */
  totalCents: number;
  gstCents: number;
  cardSpends: { cardId: number; cents: number }[];
  cardCents: number;
  /** What is left for the payment gateway. */
  gatewayCents: number;
  pointsEarned: number;
  lines: LineMoney[];
}

const assertCents = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be whole, non-negative cents`);
};

/** The GST part of a GST-inclusive amount in cents: 3/23 of it (15%), half-up. */
export const gstOfCents = (inclusiveCents: number): number => Math.floor((inclusiveCents * 3 * 2 + 23) / 46);

/**
 * `total` cents shared over `weights` in proportion, each part whole, the parts adding up to
 * `total` exactly: every part gets the whole cents of its share, and the cents left go one each
 * to the parts with the largest remainders (the earlier part first on a tie).
 */
export const spreadByLargestRemainder = (total: number, weights: readonly number[]): number[] => {
  assertCents(total, 'The amount to spread');
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const T = BigInt(total);
  const W = BigInt(sum);
  const parts = weights.map((w, i) => ({ i, base: (T * BigInt(w)) / W, rest: (T * BigInt(w)) % W }));
  let left = total - parts.reduce((s, p) => s + Number(p.base), 0);
  const byRest = [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const out = parts.map((p) => Number(p.base));
  for (const p of byRest) {
    if (left === 0) break;
    out[p.i]! += 1;
    left -= 1;
  }
  return out;
};

/** Whether a line is in the promotion's scope. */
export const inPromoScope = (rule: PromoRule, line: Pick<MoneyLine, 'supplierId' | 'categoryIds'>): boolean =>
  (rule.supplierId === null || rule.supplierId === line.supplierId) &&
  (rule.categoryId === null || line.categoryIds.includes(rule.categoryId));

/** The discount of `rule` on `eligibleCents` of goods in scope: percent half-up, never above the goods. */
export const promoDiscountCents = (rule: PromoRule, eligibleCents: number): number => {
  if (rule.kind === 'percent') {
    const pct = rule.percentOff ?? 0;
    return Math.min(eligibleCents, Math.floor((eligibleCents * pct * 2 + 100) / 200));
  }
  return Math.min(eligibleCents, rule.amountOffCents ?? 0);
};

/** The cards to spend for `dueCents`: usable cards (money on them, not expired at `now`), expiring first. */
export const cardSpendPlan = (
  funds: readonly CashCardFunds[],
  dueCents: number,
  now: string,
): { cardId: number; cents: number }[] => {
  const at = Date.parse(now);
  const usable = funds
    .filter((c) => c.balanceCents > 0 && Date.parse(c.expiresAt) > at)
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id);
  const plan: { cardId: number; cents: number }[] = [];
  let left = dueCents;
  for (const card of usable) {
    if (left === 0) break;
    const cents = Math.min(card.balanceCents, left);
    plan.push({ cardId: card.id, cents });
    left -= cents;
  }
  return plan;
};

export const orderMoney = (input: OrderMoneyInput): OrderMoney => {
  const amounts = input.lines.map((l) => {
    assertCents(l.unitCents, 'A unit price');
    if (!Number.isSafeInteger(l.count) || l.count <= 0)
      throw new RangeError('A count must be a whole number above 0');
    return l.unitCents * l.count;
  });
  const goodsCents = amounts.reduce((s, a) => s + a, 0);

  // 2. The promotion code on the goods in its scope.
  const promo = input.promo;
  const inScope = input.lines.map((l) => promo !== null && inPromoScope(promo, l));
  const eligibleCents = amounts.reduce((s, a, i) => s + (inScope[i] ? a : 0), 0);
  let promoRefusal: PromoRefusal | null = null;
  let discountCents = 0;
  if (promo) {
    if (eligibleCents === 0) promoRefusal = 'nothingInScope';
    else if (eligibleCents < promo.minSpendCents) promoRefusal = 'belowMinimum';
    else discountCents = promoDiscountCents(promo, eligibleCents);
  }
  const lineDiscounts = spreadByLargestRemainder(
    discountCents,
    amounts.map((a, i) => (inScope[i] ? a : 0)),
  );
  const afterDiscount = goodsCents - discountCents;

  // 3. Shipping and the wholesale minimum, on the goods after the discount.
  const rule = input.shipping.find((r) => r.island === input.island && r.memberKind === input.kind) ?? null;
  const free = rule === null || (rule.freeFromCents !== null && afterDiscount >= rule.freeFromCents);
  const shippingCents = free || input.lines.length === 0 ? 0 : rule.feeCents;
  const minimumCents = input.kind === 'wholesale' ? MINIMUM_ORDER[input.island] * 100 : null;
  const missingCents =
    minimumCents !== null && afterDiscount < minimumCents ? minimumCents - afterDiscount : 0;

  // 4. Points, up to their share of the goods after the discount.
  const { balance, requested, rule: points } = input.points;
  const capCents = Math.floor((afterDiscount * points.maxSharePercent) / 100);
  const pointsMax = points.valueCents > 0 ? Math.min(balance, Math.floor(capCents / points.valueCents)) : 0;
  const pointsUsed = Math.max(0, Math.min(Math.floor(requested), pointsMax));
  const pointsCents = pointsUsed * points.valueCents;
  const linePoints = spreadByLargestRemainder(
    pointsCents,
    amounts.map((a, i) => a - lineDiscounts[i]!),
  );

  // 5. The price, and its GST.
  const totalCents = afterDiscount - pointsCents + shippingCents;
  const gstCents = gstOfCents(totalCents);

  // 6 and 7. Cash cards, then the gateway.
  const wanted = input.cards.requestedCents;
  const cardDue =
    wanted === null ? 0 : wanted === 'all' ? totalCents : Math.min(Math.max(0, wanted), totalCents);
  const cardSpends = cardSpendPlan(input.cards.funds, cardDue, input.now);
  const cardCents = cardSpends.reduce((s, c) => s + c.cents, 0);

  const paidGoodsCents = afterDiscount - pointsCents;
  return {
    goodsCents,
    eligibleCents,
    discountCents,
    promoRefusal,
    shippingCents,
    minimumCents,
    missingCents,
    pointsMax,
    pointsUsed,
    pointsCents,
    totalCents,
    gstCents,
    cardSpends,
    cardCents,
    gatewayCents: totalCents - cardCents,
    pointsEarned: Math.floor(paidGoodsCents / 100) * points.earnPerDollar,
    lines: input.lines.map((l, i) => ({
      id: l.id,
      amountCents: amounts[i]!,
      discountCents: lineDiscounts[i]!,
      pointsCents: linePoints[i]!,
    })),
  };
};

/** What a member is given back when a paid order is refunded (docs/wallet.md: cancels and refunds). */
export interface RefundPlan {
  /** Card money back to each card it came from. */
  cardBack: { cardId: number; cents: number }[];
  /** Points back to the balance (the ones spent on the order). */
  pointsBack: number;
  /** Earned points taken back from the balance (no more than it holds). */
  pointsTakenBack: number;
  /** Earned points already spent, charged at their value against the money refunded. */
  shortfallCents: number;
  /** What goes back through the gateway. */
  gatewayBack: number;
}

/**
 * Refund of a whole order. Spent points come back as points; earned points are taken back from
 * the balance, and any the member already spent are charged at their value, first against the
 * gateway part, then against the card money (the card spent last first), so no balance goes
 * below zero. `pointsBalance` is the balance before any of this.
 */
export const refundPlan = (order: {
  gatewayCents: number;
  cardSpends: readonly { cardId: number; cents: number }[];
  pointsUsed: number;
  pointsEarnedCredited: number;
  pointsBalance: number;
  pointValueCents: number;
}): RefundPlan => {
  const balanceAfterBack = order.pointsBalance + order.pointsUsed;
  const pointsTakenBack = Math.min(order.pointsEarnedCredited, balanceAfterBack);
  let shortfallCents = (order.pointsEarnedCredited - pointsTakenBack) * order.pointValueCents;
  const fromGateway = Math.min(shortfallCents, order.gatewayCents);
  let owed = shortfallCents - fromGateway;
  const cardBack = [...order.cardSpends].reverse().map((s) => {
    const cut = Math.min(owed, s.cents);
    owed -= cut;
    return { cardId: s.cardId, cents: s.cents - cut };
  });
  shortfallCents -= owed; // what could not be charged is forgiven: there is nothing left to charge
  return {
    cardBack: cardBack.reverse().filter((c) => c.cents > 0),
    pointsBack: order.pointsUsed,
    pointsTakenBack,
    shortfallCents,
    gatewayBack: order.gatewayCents - fromGateway,
  };
};
