import { z } from 'zod';
import { pageOf } from '../../envelope.ts';
import { memberKindSchema } from '../account.ts';
import { adminPageQuery } from './page.ts';

/** The back office's members calls (`/api/admin/members`, docs/back-office-members.md). */

const count = z.number().int();

/** A search field: printable text without control characters, at most `max` long; empty means not given. */
const field = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, `is at most ${max} characters`)
    .regex(pattern, message)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** `GET /admin/members`: every field given narrows the search; a page of it. */
export const memberSearchQuery = adminPageQuery.extend({
  /** R000123 / W000045, or the bare number 123. */
  memberNo: field(11, /^[RrWw]?\d{1,10}$/, 'is like R000123 or W000045'),
  /** The start of the e-mail address (any case). */
  email: field(254, /^[^\s\p{Cc}]+$/u, 'has no spaces'),
  /** The start of the phone number (digits). */
  phone: field(20, /^\d+$/, 'is digits only'),
  /** The start of the nickname or contact name (any case). */
  name: field(80, /^[^\p{Cc}]+$/u, 'has no control characters'),
  kind: memberKindSchema.optional(),
});
export type MemberSearch = z.infer<typeof memberSearchQuery>;

export const memberListedSchema = z.object({
  id: count,
  memberNo: z.string(),
  kind: memberKindSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type MemberListed = z.infer<typeof memberListedSchema>;

/** A page of members: `total` is counted up to 1,000; `more` when there are more than that. */
export const memberPageSchema = pageOf(memberListedSchema).extend({ more: z.boolean() });
export type MemberPage = z.infer<typeof memberPageSchema>;

export const memberProfileSchema = memberListedSchema.extend({
  address: z.string().nullable(),
  driverLicence: z.string().nullable(),
  cardNo: z.string().nullable(),
  companyTradingName: z.string().nullable(),
  companyNumber: z.string().nullable(),
  nzbn: z.string().nullable(),
  /** In the club now. */
  club: z.boolean(),
  /** When the club membership in force ends; null without an end or out of the club. */
  clubUntil: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** `GET /admin/members/:id`: the profile, orders per status and the latest, what the wallet holds. */
export const memberDetailSchema = z.object({
  profile: memberProfileSchema,
  orders: z.object({
    pendingPayment: count,
    toShip: count,
    shipped: count,
    completed: count,
    cancelled: count,
    toComment: count,
    total: count,
    recent: z.array(
      z.object({
        id: count,
        orderNo: z.string(),
        status: z.string(),
        payStatus: z.string(),
        totalAmount: z.number(),
        createdAt: z.string(),
      }),
    ),
  }),
  wallet: z.object({ points: count, cashCents: count, coupons: count, discountCards: count }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberDisableBody = z.object({ disabled: z.boolean() });
export type MemberDisable = z.input<typeof memberDisableBody>;

export const codeResentSchema = z.object({
  to: z.string(),
  resendAfterSeconds: count,
  expiresInSeconds: count,
});
export type CodeResent = z.infer<typeof codeResentSchema>;
