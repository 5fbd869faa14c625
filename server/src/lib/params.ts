import { z } from 'zod';

/** A path parameter `id`: a positive whole number that fits a PostgreSQL integer. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});
