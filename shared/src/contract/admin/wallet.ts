import { z } from 'zod';
import { COUPON_CODE_MAX } from '../wallet.ts';

/**
 * What the back office issues from the wallet (`/api/admin/wallet/*`, docs/back-office-wallet.md;
 * docs/wallet.md: issuing): sold cash cards, coupon codes, discount cards given to a member and
 * points adjustments. The wallet module checks the same inputs for the operator commands.
 */

const int = z.number().int();

const money = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .positive(`${what} must be more than 0`)
    .max(max, `${what} must be at most ${max}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${what} has at most two decimals`);

export const cashCardIssueSchema = z.object({
  face: money('The face value', 10_000),
  count: z.number().int().min(1, 'Issue at least 1 card').max(1000, 'Issue at most 1000 cards at a time'),
  /** Years the cards last from the sale: at least 3 (Fair Trading Act, cards sold from 16 March 2026). */
  years: z.number().int().min(3, 'Cash cards last at least 3 years').max(10).default(3),
});
export type CashCardIssue = z.input<typeof cashCardIssueSchema>;

/** A sold cash card as issued: `secret` is shown once, here (only its argon2id hash is stored). */
export const issuedCardSchema = z.object({
  id: int,
  cardNo: z.string(),
  secret: z.string(),
  faceValue: z.number(),
  expiresAt: z.string(),
});
export type IssuedCard = z.infer<typeof issuedCardSchema>;

/** A discount's rule: a percentage or an amount off, a minimum spend, how long, from when, a scope. */
export const ruleSchema = z
  .object({
    title: z.string().trim().min(1).max(80).optional(),
    percent: z.number().int('The percentage is a whole number').min(1).max(100).optional(),
    amount: money('The amount off', 10_000).optional(),
    min: z.number().min(0).max(1_000_000).default(0),
    days: z.number({ error: 'Say how many days it lasts' }).int().min(1, 'It lasts at least 1 day').max(3650),
    /** The day it opens (midnight in New Zealand); now when not given. */
    starts: z.iso.date('The start is a date like 2026-12-01').optional(),
    supplier: z.string().trim().min(1).optional(),
    category: z.string().trim().min(1).optional(),
  })
  .refine((r) => (r.percent === undefined) !== (r.amount === undefined), {
    message: 'Give either a percentage or an amount off',
  })
  .refine((r) => r.supplier === undefined || r.category === undefined, {
    message: 'Give a supplier or a category scope, not both',
  })
  .refine((r) => Math.abs(r.min * 100 - Math.round(r.min * 100)) < 1e-6, {
    message: 'The minimum spend has at most two decimals',
  });
export type DiscountRule = z.input<typeof ruleSchema>;

export const couponCreateSchema = ruleSchema.and(
  z.object({
    code: z
      .string()
      .trim()
      .min(3)
      .max(COUPON_CODE_MAX)
      .regex(/^[A-Za-z0-9-]+$/, 'A coupon code has only letters, digits and dashes')
      .transform((c) => c.toUpperCase()),
    /** How many members may claim it; unlimited when not given. */
    limit: z.number().int().min(1).max(10_000_000).optional(),
  }),
);
export type CouponCreate = z.input<typeof couponCreateSchema>;
export const couponCreatedSchema = z.object({ id: int, code: z.string(), title: z.string() });
export type CouponCreated = z.infer<typeof couponCreatedSchema>;

export const discountCardGiveSchema = ruleSchema.and(z.object({ member: z.email() }));
export type DiscountCardGive = z.input<typeof discountCardGiveSchema>;
export const discountCardGivenSchema = z.object({ id: int, title: z.string() });
export type DiscountCardGiven = z.infer<typeof discountCardGivenSchema>;

export const pointsAdjustSchema = z.object({
  /** The member's e-mail address. */
  member: z.email('is an e-mail address').max(254),
  /** Added, or taken when negative. */
  points: z
    .number()
    .int('is a whole number')
    .refine((n) => n !== 0, 'adds or takes at least 1 point')
    .refine((n) => Math.abs(n) <= 1_000_000, 'is at most 1,000,000 points at a time'),
  /** Why, in the operator's words (kept in the audit row beside the ledger row). */
  reason: z.string().trim().min(3, 'says why (at least 3 characters)').max(200, 'is at most 200 characters'),
});
export type PointsAdjust = z.input<typeof pointsAdjustSchema>;
export const pointsAdjustedSchema = z.object({ memberId: int, balanceBefore: int, balanceAfter: int });
export type PointsAdjusted = z.infer<typeof pointsAdjustedSchema>;
