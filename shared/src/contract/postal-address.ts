import { z } from 'zod';

/**
 * An address as the shop shows it: who receives, where, and the region's name and island. A saved
 * address adds its id and whether it is the default; an order keeps a copy of this as it was.
 */
export const postalAddressSchema = z.object({
  recipient: z.string(),
  phone: z.string(),
  street: z.string(),
  suburb: z.string(),
  city: z.string(),
  region: z.string(),
  regionName: z.string(),
  island: z.enum(['north', 'south']),
  postcode: z.string(),
});
