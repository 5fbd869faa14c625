import { z } from 'zod';
import { OPERATOR_ROLES } from './roles.ts';

/** The shapes of the operators' own calls (routes.ts, operator-routes.ts). */

export const tags = ['back office'];

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
export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  totp: z.boolean(),
  createdAt: z.string(),
});
