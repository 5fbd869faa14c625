import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.ts';
import { rowId as id } from './row-id.ts';

/**
 * The member's wallet and the club (docs/wallet.md). Amounts are NZD numbers exact to the cent
 * (the server keeps whole cents); points are whole numbers. Dates are ISO strings.
 */
const amount = z.number();

/**
 * The calls, under /api. The specification spells the discount cards' path `cutomer`; it is
 * served as written, with the correct spelling as an alias. Coupons and the club's status have
 * no call in the specification: these are ours.
 */
export const WALLET_CALLS = {
  clubPlans: '/club/member/price/app',
  clubPay: '/club/member/pay/:id',
  clubStatus: '/club/member/app',
  discountCards: '/cutomer/discount/card/app',
  discountCardsAlias: '/customer/discount/card/app',
  coupons: '/customer/coupon/app',
  couponClaim: '/customer/coupon/claim',
  cashCardAdd: '/cash/card',
  cashCards: '/cash/card/app',
  pointRecords: '/customer/point/record',
  orderQuote: '/sale/order/quote',
} as const;

// ---- Club ----------------------------------------------------------------------------------

/** GET /api/club/member/price/app: the plans on sale. A plan is a length of the one club. */
export const clubPlanSchema = z.object({
  id,
  name: z.string(),
  months: z.number().int(),
  price: amount,
  /** The saving against retail prices, in plain words. */
  saving: z.string(),
});
export type ClubPlan = z.infer<typeof clubPlanSchema>;
export const clubPlansSchema = z.array(clubPlanSchema);

/** GET /api/club/member/app: the member's membership now, and every plan they paid for. */
export const clubStatusSchema = z.object({
  vip: z.boolean(),
  /** When the membership ends; null when it has no end or the member is not in the club. */
  vipUntil: z.string().nullable(),
  history: z.array(
    z.object({
      orderId: id,
      orderNo: z.string(),
      planName: z.string(),
      months: z.number().int(),
      price: amount,
      startsAt: z.string(),
      endsAt: z.string(),
      paidAt: z.string(),
    }),
  ),
});
export type ClubStatus = z.infer<typeof clubStatusSchema>;

// ---- Discount cards and coupons ------------------------------------------------------------

/** What a discount card or coupon takes off, and where it applies. */
export const discountRuleSchema = z.object({
  kind: z.enum(['percent', 'amount']),
  /** Whole percent, for `percent`. */
  percentOff: z.number().int().nullable(),
  /** For `amount`. */
  amountOff: amount.nullable(),
  minSpend: amount,
  supplier: z.object({ id, name: z.string() }).nullable(),
  category: z.object({ id, name: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type DiscountRule = z.infer<typeof discountRuleSchema>;

export const DISCOUNT_STATES = ['usable', 'used', 'expired', 'notYet'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

/** A discount card the shop gave the member, or a coupon the member claimed. */
export const discountSchema = z.object({
  id,
  source: z.enum(['card', 'coupon']),
  title: z.string(),
  /** The coupon's code; null for a discount card. */
  code: z.string().nullable(),
  rule: discountRuleSchema,
  state: z.enum(DISCOUNT_STATES),
  /** The order it was used on, while it is used. */
  usedOn: z.object({ orderId: id, orderNo: z.string() }).nullable(),
  receivedAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountPageSchema = pageOf(discountSchema);
export const discountListQuery = pageQuery.extend({ state: z.enum(DISCOUNT_STATES).optional() });

/** POST /api/customer/coupon/claim: a code the member typed. */
export const COUPON_CODE_MAX = 32;
export const couponClaimSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a coupon code')
    .max(COUPON_CODE_MAX, `must be at most ${COUPON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9-]+$/, 'A coupon code has only letters, digits and dashes'),
});

// ---- Cash cards ----------------------------------------------------------------------------

/** POST /api/cash/card: the number and secret printed on the card. */
export const cashCardAddSchema = z.object({
  cardNo: z
    .string()
    .trim()
    .regex(/^[0-9]{16}$/, 'A card number has 16 digits'),
  secret: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'The secret has 6 digits'),
});
export type CashCardAdd = z.infer<typeof cashCardAddSchema>;

/**
 * Guessing protection of cash cards (docs/wallet.md: cash cards): wrong numbers or secrets are
 * limited per member and per client address within a window (then 429 with Retry-After); per
 * card they only slow the answers down, up to a cap, so the real holder is never locked out.
 */
export const CASH_CARD_MAX_FAILURES_PER_MEMBER = 5;
export const CASH_CARD_MAX_FAILURES_PER_ADDRESS = 20;
export const CASH_CARD_FAILURE_WINDOW_SECONDS = 900;
/** Wrong secrets for one card before its answers slow down. */
export const CASH_CARD_FREE_FAILURES_PER_CARD = 3;
/** The slowest answer for one card, in seconds. */
export const CASH_CARD_SLOWDOWN_MAX_SECONDS = 30;

export const cashCardMovementSchema = z.object({
  /** Positive: money on the card; negative: money spent. */
  amount,
  balanceAfter: amount,
  reason: z.enum(['issued', 'spent', 'refund', 'cancelled', 'adjustment']),
  order: z.object({ id, orderNo: z.string() }).nullable(),
  at: z.string(),
});

export const cashCardSchema = z.object({
  id,
  /** The last four digits only; the number is never shown whole once added. */
  cardNoLast4: z.string(),
  faceValue: amount,
  balance: amount,
  /** At least 3 years from the sale for cards sold from 16 March 2026 (docs/wallet.md). */
  expiresAt: z.string(),
  soldAt: z.string(),
  addedAt: z.string(),
  expired: z.boolean(),
  movements: z.array(cashCardMovementSchema),
});
export type CashCard = z.infer<typeof cashCardSchema>;
export const cashCardPageSchema = pageOf(cashCardSchema).extend({ balance: amount });

// ---- Points --------------------------------------------------------------------------------

export const pointRecordSchema = z.object({
  id,
  /** Positive: earned or given back; negative: spent or taken back. */
  points: z.number().int(),
  balanceAfter: z.number().int(),
  /** POINT_SOURCE code (`@mall/shared/codes`). */
  reason: z.string(),
  order: z.object({ id, orderNo: z.string() }).nullable(),
  at: z.string(),
});
export type PointRecord = z.infer<typeof pointRecordSchema>;
export const pointPageSchema = pageOf(pointRecordSchema).extend({ balance: z.number().int() });

// ---- Checkout ------------------------------------------------------------------------------

/** The wallet's part of an order submit or quote, beside `{ cartItemIds, addressId, remark? }`. */
export const walletUseSchema = z.object({
  /** The member's discount card or claimed coupon to apply (at most one: no combining). */
  discountId: id.optional(),
  /** Points to spend; more than allowed is refused, not trimmed. */
  points: z.number().int('must be a whole number').min(0, 'cannot be negative').max(1_000_000_000).optional(),
  /** Card money to spend, NZD; the cards that expire first are spent first. */
  cardAmount: z
    .number()
    .min(0, 'cannot be negative')
    .max(1_000_000)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'has at most two decimals')
    .optional(),
});
export type WalletUse = z.infer<typeof walletUseSchema>;

/** An order's money (order-money.ts), as the quote and the order answer it. */
export const orderMoneySchema = z.object({
  goodsAmount: amount,
  discountAmount: amount,
  shippingFee: amount,
  pointsUsed: z.number().int(),
  pointsAmount: amount,
  /** goods - discount - points + shipping. */
  totalAmount: amount,
  gstAmount: amount,
  cardAmount: amount,
  /** What is left for the payment gateway. */
  payAmount: amount,
  pointsEarned: z.number().int(),
});
export type OrderMoneyView = z.infer<typeof orderMoneySchema>;

/** POST /api/sale/order/quote: what checkout would cost with these choices, and what the wallet offers. */
export const orderQuoteSchema = orderMoneySchema.extend({
  /** Why the chosen discount does not apply, in plain words; null when it does (or none was chosen). */
  discountRefusal: z.string().nullable(),
  pointsBalance: z.number().int(),
  /** The most points this order may take. */
  pointsMax: z.number().int(),
  pointValue: amount,
  cardBalance: amount,
  /** The member's usable discounts, for the choice. */
  discounts: z.array(discountSchema),
  minimum: amount.nullable(),
  missing: amount,
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** A refund line of an order: where money or points went back. */
export const refundLineSchema = z.object({
  to: z.enum(['gateway', 'cashCard', 'points', 'pointsTakenBack']),
  amount,
  points: z.number().int(),
  cardNoLast4: z.string().nullable(),
  at: z.string(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;
