import type { Discount, DiscountRule, DiscountState } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import { formatDate } from './format-date.ts';

/**
 * A discount card's or coupon's rule in plain words (docs/wallet.md: coupons and discount cards),
 * as the Coupons page and checkout both show it: "10% off goods from Local SPY, on $50 or more".
 */
export const discountRuleWords = (rule: DiscountRule): string => {
  const off =
    rule.kind === 'percent' ? `${rule.percentOff ?? 0}% off` : `${formatPrice(rule.amountOff ?? 0)} off`;
  const scope = rule.supplier
    ? ` goods from ${rule.supplier.name}`
    : rule.category
      ? ` goods in ${rule.category.name}`
      : '';
  const minimum = rule.minSpend > 0 ? `, on ${formatPrice(rule.minSpend)} or more` : '';
  return `${off}${scope}${minimum}`;
};

/** "Valid 1 Nov 2026 – 31 Dec 2026". */
export const discountValidWords = (rule: Pick<DiscountRule, 'startsAt' | 'endsAt'>): string =>
  `Valid ${formatDate(rule.startsAt)} – ${formatDate(rule.endsAt)}`;

export const DISCOUNT_STATE_LABEL: Record<DiscountState, string> = {
  usable: 'Usable',
  used: 'Used',
  expired: 'Expired',
  notYet: 'Not yet valid',
};

/** Tailwind classes of a state's badge. */
export const DISCOUNT_STATE_TONE: Record<DiscountState, string> = {
  usable: 'bg-brand-soft text-brand ring-brand/20',
  used: 'bg-gray-100 text-muted ring-gray-300/60',
  expired: 'bg-red-50 text-accent ring-accent/20',
  notYet: 'bg-sky-50 text-sky-700 ring-sky-300/60',
};

/** A discount's name for a choice or a list: its title, and the code of a coupon. */
export const discountName = (d: Pick<Discount, 'title' | 'code' | 'source'>) =>
  d.code ? `${d.title} (${d.code})` : d.title;
