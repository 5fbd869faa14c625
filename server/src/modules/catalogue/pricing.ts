import type { PriceTier } from '../shopper/index.ts';

/**
 * The one place that decides what a shopper pays (docs/calls.md: catalogue and search):
 * - guests and retail members pay the retail price;
 * - VIP (club) retail members pay the club price;
 * - wholesale members pay the wholesale price;
 * - a promotion running now (now within [starts_at, ends_at)) wins when it is lower.
 * `originalPrice` is the retail price when the shown price is lower than it, else null.
 *
 * `shownPrice` applies the rule to one SKU; `tierPriceColumn` and `shownPriceSql` apply the same
 * rule inside queries (lists sort and filter by the shown price without loading SKUs).
 */

export type TierPrice = 'retail' | 'wholesale' | 'club';

/** Which of a SKU's three prices the tier pays before promotions. */
export const tierPrice = (tier: PriceTier): TierPrice => {
  if (tier.kind === 'wholesale') return 'wholesale';
  if (tier.kind === 'retail' && tier.vip) return 'club';
  return 'retail';
};

export interface SkuPrices {
  retailCents: number;
  wholesaleCents: number;
  clubCents: number;
}

export interface PromotionWindow {
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
}

/** A promotion runs from its start (included) to its end (excluded). */
export const isRunning = (p: Pick<PromotionWindow, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  p.startsAt.getTime() <= now.getTime() && now.getTime() < p.endsAt.getTime();

export interface ShownPrice {
  priceCents: number;
  /** Retail, when the shown price is lower than it; otherwise null. */
  originalCents: number | null;
  /** True when a running promotion sets the price. */
  onPromotion: boolean;
  /** End of the promotion that sets the price, or null. */
  promotionEndsAt: Date | null;
}

const centsOf = (prices: SkuPrices, which: TierPrice): number =>
  which === 'wholesale' ? prices.wholesaleCents : which === 'club' ? prices.clubCents : prices.retailCents;

/** The price `tier` pays for one SKU at `now`, given the SKU's promotions (running or not). */
export const shownPrice = (
  tier: PriceTier,
  prices: SkuPrices,
  promotions: readonly PromotionWindow[],
  now: Date,
): ShownPrice => {
  const base = centsOf(prices, tierPrice(tier));
  let best: PromotionWindow | null = null;
  for (const p of promotions) {
    if (isRunning(p, now) && p.priceCents < (best?.priceCents ?? base)) best = p;
  }
  const priceCents = best ? best.priceCents : base;
  return {
    priceCents,
    originalCents: priceCents < prices.retailCents ? prices.retailCents : null,
    onPromotion: best !== null,
    promotionEndsAt: best?.endsAt ?? null,
  };
};

/**
 * The column of `goods` (lowest SKU price per tier) or `sku` that a tier pays, for SQL.
 * Returns a fixed identifier, never user input.
 */
export const tierPriceColumn = (tier: PriceTier, table: 'goods' | 'sku', alias: string): string => {
  const which = tierPrice(tier);
  const column =
    table === 'goods' ? `${which}_cents` : `${which === 'retail' ? 'retail' : which}_price_cents`;
  return `${alias}.${column}`;
};

/** SQL text of the shown price: the tier price, or the running promotion price when lower (NULL = none). */
export const shownPriceSql = (tierColumn: string, promotionColumn: string): string =>
  `least(${tierColumn}, ${promotionColumn})`;
