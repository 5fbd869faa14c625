import { z } from 'zod';
import { isCaptcha, isEmail, isNickname, isNzbn, isPassword, isPhone, MESSAGES } from '../validation.ts';

/**
 * Accounts (docs/accounts.md; the calls in docs/calls.md). The
 * web forms and the server validate with these same schemas; a failed rule names its field.
 */

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, MESSAGES.required);

export const emailField = required(254).refine(isEmail, MESSAGES.email);
/** Optional on forms: digits only, may be empty. */
export const phoneField = text(20).refine(isPhone, MESSAGES.phone);
export const passwordField = z
  .string()
  .max(128, 'must be at most 128 characters')
  .refine(isPassword, MESSAGES.password);
export const nicknameField = z.string().trim().refine(isNickname, MESSAGES.nickname);
export const captchaField = z.string().trim().refine(isCaptcha, MESSAGES.captcha);
export const nzbnField = z.string().trim().refine(isNzbn, MESSAGES.nzbn);

export const memberKindSchema = z.enum(['retail', 'wholesale']);
export type MemberKind = z.infer<typeof memberKindSchema>;

/** The signed-in member (docs/accounts.md: members). Wholesale members also carry their company fields. */
export const memberSchema = z.object({
  id: z.number().int(),
  kind: memberKindSchema,
  /** Nickname (retail) or contact name (wholesale). */
  userName: z.string(),
  /** Member number shown in the personal centre, e.g. R000123 or W000045. */
  userNo: z.string(),
  userPhone: z.string(),
  /** The e-mail address; also what the member signs in with. */
  userAccount: z.string(),
  orgName: z.string().nullable(),
  orgId: z.number().int().nullable(),
  cardNo: z.string().nullable(),
  driverLicense: z.string().nullable(),
  address: z.string().nullable(),
  userIsVIP: z.boolean(),
  avatarUrl: z.string().nullable(),
  companyTradingName: z.string().nullable(),
  companyNumber: z.string().nullable(),
  nzbn: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** POST /api/sys/auth/{retail|wholesale}/login: `account` is the e-mail or the phone. */
export const loginBodySchema = z.object({
  account: required(254),
  password: z.string().min(1, MESSAGES.required).max(128, 'must be at most 128 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  member: memberSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * POST /api/retail/customer/register. The code is the one sent to `userAccount` (the e-mail).
 * Both registers answer a `LoginResult`: the new member is signed in at once.
 */
export const retailRegisterSchema = z.object({
  userName: nicknameField,
  userAccount: emailField,
  userPhone: phoneField.optional().default(''),
  password: passwordField,
  code: captchaField,
  driverLicense: text(40).optional(),
  address: text(200).optional(),
});
export type RetailRegister = z.input<typeof retailRegisterSchema>;

/** POST /api/wholesale/customer/register. The code is the one sent to `userAccount` (the e-mail). */
export const wholesaleRegisterSchema = z.object({
  companyTradingName: required(120),
  companyNumber: required(20).regex(/^\d+$/, 'A company number has digits only'),
  nzbn: nzbnField,
  address: required(200),
  userName: required(60),
  userAccount: emailField,
  userPhone: required(20).refine(isPhone, MESSAGES.phone),
  password: passwordField,
  code: captchaField,
});
export type WholesaleRegister = z.input<typeof wholesaleRegisterSchema>;

/**
 * PATCH /api/sys/message/send/code/{target}: `target` is an e-mail or a phone number. `purpose`
 * (query) says what the code is for; a register code is refused for a target already in use, a
 * password code is sent only when the target belongs to a member (the answer is the same either
 * way, so nobody learns which accounts exist).
 */
export const codePurposeSchema = z.enum(['register', 'password', 'email', 'phone']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;
export const sendCodeResultSchema = z.object({
  /** Seconds before another code may be sent to this target. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/**
 * PUT /api/retail/customer/edit: what a member may change about themselves (either kind; the
 * path is the storefront's). `avatarUrl` must be a picture this member uploaded.
 */
export const retailProfileEditSchema = z.object({
  userName: nicknameField,
  driverLicense: text(40).optional(),
  address: text(200).optional(),
  avatarUrl: text(500).nullable().optional(),
});
export type RetailProfileEdit = z.input<typeof retailProfileEditSchema>;

/** The same call for a wholesale member: contact name and company address. */
export const wholesaleProfileEditSchema = z.object({
  userName: required(60),
  address: required(200),
  avatarUrl: text(500).nullable().optional(),
});
export type WholesaleProfileEdit = z.input<typeof wholesaleProfileEditSchema>;

/**
 * PATCH /api/sys/user/pwd: change the password with the old one. Every session of the member
 * ends, this one too: the web clears the session and asks the member to log in again.
 */
export const passwordChangeSchema = z.object({
  oldPassword: z.string().min(1, MESSAGES.required).max(128),
  newPassword: passwordField,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** PATCH /api/sys/user/forget/pwd: a new password with the code sent to the account's e-mail or phone. */
export const passwordForgetSchema = z.object({
  account: required(254),
  code: captchaField,
  newPassword: passwordField,
});
export type PasswordForget = z.infer<typeof passwordForgetSchema>;

/** The member's current password, asked again before the e-mail or phone changes. */
export const currentPasswordField = z
  .string()
  .min(1, MESSAGES.required)
  .max(128, 'must be at most 128 characters');

/** PATCH /api/sys/user/email: the new e-mail, the code sent to it and the current password. */
export const emailChangeSchema = z.object({
  email: emailField,
  code: captchaField,
  password: currentPasswordField,
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/**
 * PATCH /api/sys/user/phone/{value}: the new phone in the path; the code sent to it and the
 * current password in the JSON body (never in the address, where logs and histories keep it).
 */
export const phoneChangeSchema = z.object({ code: captchaField, password: currentPasswordField });
export type PhoneChange = z.infer<typeof phoneChangeSchema>;

/** GET /api/{retail|wholesale}/customer/account/info: the member and their balances. */
export const accountInfoSchema = z.object({
  member: memberSchema,
  points: z.number().int(),
  /** Money on the cash cards that have not expired, NZD. */
  cashBalance: z.number(),
  /** Claimed coupons and discount cards usable now. */
  coupons: z.number().int(),
  discountCards: z.number().int(),
  favourites: z.number().int(),
  /**
   * When the member's club membership ends (ISO); null when they are not in the club or it has no
   * end. The server always sends it (optional only so that older fixtures still type-check).
   */
  vipUntil: z.string().nullable().optional(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** GET /api/{retail|wholesale}/customer/order/badge: how many of the member's orders are in each status. */
export const orderBadgeSchema = z.object({
  pendingPayment: z.number().int(),
  toShip: z.number().int(),
  shipped: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** Lines of completed orders not rated yet. */
  toComment: z.number().int(),
});
export type OrderBadge = z.infer<typeof orderBadgeSchema>;

/** POST /api/sys/file/upload/avatar (multipart, field `file`): the stored picture. */
export const avatarUploadResultSchema = z.object({ url: z.string(), name: z.string() });
export type AvatarUploadResult = z.infer<typeof avatarUploadResultSchema>;

/** Avatar files: images only, at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Verification codes: 4 digits, valid 10 minutes, 5 tries, one send per target per minute. */
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
/** Wrong codes tried for one e-mail or phone, across resends, within CODE_WRONG_WINDOW_SECONDS; then it is locked. */
export const CODE_WRONG_MAX_PER_TARGET = 10;
export const CODE_WRONG_WINDOW_SECONDS = 24 * 3600;
/** How long no code is sent to (nor checked for) a target that reached its cap. */
export const CODE_LOCK_SECONDS = 3600;
/** Wrong codes one client address may try within CODE_ADDRESS_WINDOW_SECONDS, whatever the targets. */
export const CODE_WRONG_MAX_PER_ADDRESS = 30;
export const CODE_ADDRESS_WINDOW_SECONDS = 3600;

/** Login protection: 5 failures per account or 20 per address within 15 minutes answer 429. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
