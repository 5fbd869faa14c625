import {
  captchaField,
  currentPasswordField,
  emailChangeSchema,
  passwordChangeSchema,
  passwordForgetSchema,
  type retailProfileEditSchema,
  retailRegisterSchema,
  type wholesaleProfileEditSchema,
  wholesaleRegisterSchema,
} from '@mall/shared/contract/account';
import { isEmail, isPhone, MESSAGES } from '@mall/shared/validation';
import { z } from 'zod';

/**
 * The account forms' schemas: the shared contract's schemas (the server applies the same ones)
 * plus what only a form has, the password typed twice.
 */
const confirmField = z.string().min(1, MESSAGES.required);
const matches = (a: string, b: string) => a === b;

export const retailRegisterFormSchema = retailRegisterSchema
  .extend({ confirmPassword: confirmField })
  .refine((v) => matches(v.password, v.confirmPassword), {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDiffer,
  });
export type RetailRegisterForm = z.input<typeof retailRegisterFormSchema>;

export const wholesaleRegisterFormSchema = wholesaleRegisterSchema
  .extend({ confirmPassword: confirmField })
  .refine((v) => matches(v.password, v.confirmPassword), {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDiffer,
  });
export type WholesaleRegisterForm = z.input<typeof wholesaleRegisterFormSchema>;

export const ACCOUNT_MESSAGE = 'Enter your e-mail address or your phone number (digits only)';
/** The account one signs in with: an e-mail, or a phone number. */
export const isAccount = (v: string) => (v.includes('@') ? isEmail(v) : v.length > 0 && isPhone(v));

export const passwordForgetFormSchema = passwordForgetSchema
  .extend({ confirmPassword: confirmField })
  .refine((v) => v.account === '' || isAccount(v.account), { path: ['account'], message: ACCOUNT_MESSAGE })
  .refine((v) => matches(v.newPassword, v.confirmPassword), {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDiffer,
  });
export type PasswordForgetForm = z.input<typeof passwordForgetFormSchema>;

export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: confirmField })
  .refine((v) => matches(v.newPassword, v.confirmPassword), {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDiffer,
  });
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;

export const emailChangeFormSchema = emailChangeSchema;
export type EmailChangeForm = z.input<typeof emailChangeFormSchema>;

/** The new phone (required here: digits only, not empty), the code sent to it and the current password. */
export const phoneChangeFormSchema = z.object({
  phone: z.string().trim().min(1, MESSAGES.required).max(20).refine(isPhone, MESSAGES.phone),
  code: captchaField,
  password: currentPasswordField,
});
export type PhoneChangeForm = z.input<typeof phoneChangeFormSchema>;

export type RetailProfileForm = z.input<typeof retailProfileEditSchema>;
export type WholesaleProfileForm = z.input<typeof wholesaleProfileEditSchema>;
