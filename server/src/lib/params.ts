import { rowIdParam } from '@mall/shared/contract/row-id';
import { z } from 'zod';

/** A path parameter `id`: a positive whole number that fits a PostgreSQL integer. */
export const idParams = z.object({ id: rowIdParam });
