import { z } from 'zod';

/** Rows are numbered with PostgreSQL integers: a larger id names no row and must not reach a query. */
export const ROW_ID_MAX = 2_147_483_647;

export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= ROW_ID_MAX;

/** A row id in a JSON body. */
export const rowId = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(ROW_ID_MAX, 'is too large');

/** A row id in a path or a query string. */
export const rowIdParam = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(ROW_ID_MAX, 'is too large');
