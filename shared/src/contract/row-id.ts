import { z } from 'zod';

/** Rows are numbered with PostgreSQL integers: a larger id names no row and must not reach a query. */
export const ROW_ID_MAX = 2_147_483_647;

/** A row id in a JSON body. */
export const rowId = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(ROW_ID_MAX, 'is too large');

/** Whether `id` could name a row (for ids that did not come through `rowId`). */
export const isRowId = (id: number): boolean => rowId.safeParse(id).success;

/** A row id in a path or a query string. */
export const rowIdParam = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(ROW_ID_MAX, 'is too large');
