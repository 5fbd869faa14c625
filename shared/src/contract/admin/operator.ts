import { z } from 'zod';
import { pageOf } from '../../envelope.ts';

/**
 * The operators' own calls (`/api/admin/login`, `me`, `operators`, `audit`, `dashboard`;
 * docs/back-office.md): the shapes the server validates and answers, and the web reads.
 */

/** The back office's roles (docs/back-office.md: roles). */
export const OPERATOR_ROLES = ['owner', 'catalogue', 'orders', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const ROLE_LABEL: Record<OperatorRole, string> = {
  owner: 'Owner',
  catalogue: 'Catalogue',
  orders: 'Orders',
  support: 'Support',
};

export const operatorNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,40}$/, 'is 2 to 40 letters, digits, dots, dashes or underscores');
export const operatorPasswordSchema = z
  .string()
  .min(10, 'is at least 10 characters')
  .max(128, 'is at most 128 characters');
export const roleSchema = z.enum(OPERATOR_ROLES);

/** The signed-in operator (`GET /admin/me`). */
export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  totp: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const operatorSchema = meSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const loginBody = z.object({
  name: operatorNameSchema,
  password: z.string().min(1, 'is required').max(128),
  code: z.string().trim().max(10).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginAnswer = z.object({
  codeRequired: z.boolean(),
  token: z.string().nullable(),
  operator: operatorSchema.nullable(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const totpEnrolment = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'is the 6-digit code from your app'),
});

export const passwordChangeBody = z.object({
  currentPassword: z.string().min(1, 'is required').max(128),
  newPassword: operatorPasswordSchema,
});

export const newOperatorBody = z.object({
  name: operatorNameSchema,
  password: operatorPasswordSchema,
  role: roleSchema,
});
export type NewOperator = z.input<typeof newOperatorBody>;

export const operatorChangeBody = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, {
    message: 'Give a role or disabled.',
    path: ['role'],
  });
export type OperatorChange = z.input<typeof operatorChangeBody>;

export const accessResetBody = z.object({ password: operatorPasswordSchema });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

const periodSchema = z.object({ orders: z.number().int(), takingsCents: z.number().int() });
export const dashboardSchema = z.object({
  today: periodSchema,
  week: periodSchema,
  toShip: z.object({ count: z.number().int(), oldestPaidAt: z.string().nullable() }),
  closingSoon: z.array(
    z.object({ orderNo: z.string(), payDeadline: z.string(), totalCents: z.number().int() }),
  ),
  closingWithinMinutes: z.number().int(),
  lowStock: z.object({
    atMost: z.number().int(),
    total: z.number().int(),
    list: z.array(
      z.object({
        skuId: z.number().int(),
        skuCode: z.string(),
        goodsId: z.number().int(),
        goodsName: z.string(),
        orgId: z.number().int(),
        orgName: z.string(),
        quantity: z.number().int(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
