import { MINIMUM_ORDER } from './constants.ts';
import type { MemberKind } from './contract/account.ts';
import { divide, minus, plus, round, times } from './money.ts';
import { formatPrice } from './money-format.ts';
import type { Island } from './nz-regions.ts';

/**
 * What an order costs (docs/orders.md: checkout), computed the same way at checkout in the browser and again by
 * the server when the order is submitted. Prices are GST-inclusive (15%); the GST part of an
 * amount is 3/23 of it. Shipping follows the configured rule of the member kind and the island of
 * the address: a fee, waived from a threshold of goods. Wholesale orders have a minimum of goods
 * per island.
 */

export const GST_RATE = 0.15;

export interface ShippingRule {
  island: Island;
  memberKind: MemberKind;
  /** NZD, GST-inclusive. */
  fee: number;
  /** Goods total from which shipping is free; null when it never is. */
  freeFrom: number | null;
}

export interface PricedLine {
  price: number;
  count: number;
}

export interface OrderTotals {
  goods: number;
  shipping: number;
  /** What the member pays: goods plus shipping. */
  total: number;
  /** The GST included in `total`. */
  gst: number;
  /** The wholesale minimum of goods for the island; null for retail. */
  minimum: number | null;
  /** How much more goods a wholesale order needs to reach its minimum; 0 when it does. */
  missing: number;
}

const num = (s: string) => Number(s);

/** The GST part of a GST-inclusive amount, to the cent. */
export const gstOf = (inclusive: number | string): number =>
  num(round(divide(times(inclusive, GST_RATE), 1 + GST_RATE)));

export const lineAmount = (line: PricedLine): number => num(round(times(line.price, line.count)));

export const shippingRuleFor = (rules: readonly ShippingRule[], island: Island, kind: MemberKind) =>
  rules.find((r) => r.island === island && r.memberKind === kind) ?? null;

export const orderTotals = (
  lines: readonly PricedLine[],
  rules: readonly ShippingRule[],
  island: Island,
  kind: MemberKind,
): OrderTotals => {
  const goods = plus(...lines.map(lineAmount));
  const rule = shippingRuleFor(rules, island, kind);
  const free = rule === null || (rule.freeFrom !== null && num(goods) >= rule.freeFrom);
  const shipping = free || lines.length === 0 ? 0 : rule.fee;
  const total = plus(goods, shipping);
  const minimum = kind === 'wholesale' ? MINIMUM_ORDER[island] : null;
  const missing = minimum !== null && num(goods) < minimum ? num(minus(minimum, goods)) : 0;
  return {
    goods: num(round(goods)),
    shipping,
    total: num(round(total)),
    gst: gstOf(total),
    minimum,
    missing,
  };
};

const ISLAND_LABEL: Record<Island, string> = { north: 'the North Island', south: 'the South Island' };

/** Why a wholesale order below its minimum cannot be placed, with the amount still missing. */
export const minimumOrderMessage = (island: Island, minimum: number, missing: number): string =>
  `Wholesale orders to ${ISLAND_LABEL[island]} need at least ${formatPrice(minimum)} of goods. Add ${formatPrice(missing)} more to place this order.`;
