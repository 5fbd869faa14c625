import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.ts';
import { isPostcode, REGION_CODES } from '../nz-regions.ts';
import { isPhone, MESSAGES } from '../validation.ts';
import { postalAddressSchema } from './postal-address.ts';
import { rowId } from './row-id.ts';

/**
 * Shipping addresses (docs/orders.md: addresses): New Zealand only. The region decides
 * the island, and with it the shipping rule and the wholesale minimum order.
 */
const text = (max: number) =>
  z.string().trim().min(1, MESSAGES.required).max(max, `must be at most ${max} characters`);

export const ADDRESS_MESSAGES = {
  postcode: 'A New Zealand postcode is 4 digits',
  region: 'Choose a region of New Zealand',
} as const;

export const addressInputSchema = z.object({
  recipient: text(60),
  phone: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(20, 'must be at most 20 digits')
    .refine(isPhone, MESSAGES.phone),
  street: text(120),
  /** Optional: rural addresses often have none. */
  suburb: z.string().trim().max(60, 'must be at most 60 characters').default(''),
  city: text(60),
  region: z.enum(REGION_CODES, { error: ADDRESS_MESSAGES.region }),
  postcode: z.string().trim().refine(isPostcode, ADDRESS_MESSAGES.postcode),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** PUT /api/customer/address: the whole address with its id. */
export const addressUpdateSchema = addressInputSchema.extend({ id: rowId });
export type AddressUpdate = z.input<typeof addressUpdateSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  ...postalAddressSchema.shape,
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET /api/customer/address: the member's addresses, the default first. */
export const addressListQuery = pageQuery;
export const addressPageSchema = pageOf(addressSchema);
export type AddressPage = z.infer<typeof addressPageSchema>;

/** A member keeps at most this many addresses. */
export const ADDRESSES_MAX = 20;
