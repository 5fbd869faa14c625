import { z } from 'zod';
import { CART_COUNT_MAX, CART_LINES_MAX } from './cart.ts';
import { rowId as id } from './row-id.ts';

/**
 * Order import (docs/order-import.md): a buyer's sheet of SKU codes and counts, each row checked
 * against the catalogue for the shopper who sent it. Nothing is added to a cart by the check.
 */
export const IMPORT_TEMPLATE_PATH = '/api/sale/order/sale/import/template';
export const IMPORT_QUERY_PATH = '/api/org/sale/good/app/import/query';
export const IMPORT_PROBLEMS_PATH = '/api/org/sale/good/app/import/problems';

/** The largest file taken (bytes). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows (below the header) a sheet may hold. */
export const IMPORT_ROWS_MAX = CART_LINES_MAX;
/** The longest text kept of a cell (a longer one is cut and the row is refused). */
export const IMPORT_CELL_MAX = 200;

export const IMPORT_TEMPLATE_FILE_NAME = 'kauri-mall-order-import.xlsx';
export const IMPORT_PROBLEMS_FILE_NAME = 'kauri-mall-order-import-problems.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the storefront says when an upload does not get an answer (docs/order-import.md). */
export const UPLOAD_FAILED = 'Upload failed. Please try again.';

/** The reasons a row is not added, in the words the buyer reads. */
export const IMPORT_REASON = {
  noCode: 'No SKU code.',
  unknownCode: 'Unknown SKU code.',
  gone: 'No longer sold.',
  count: `Count must be a whole number from 1 to ${CART_COUNT_MAX}.`,
  codeTooLong: `The SKU code is longer than ${IMPORT_CELL_MAX} characters.`,
} as const;

/** A matched SKU as the shopper would buy it now (their price, their organisation's stock). */
export const importSkuSchema = z.object({
  skuId: id,
  goodsId: id,
  code: z.string(),
  name: z.string(),
  skuLabel: z.string(),
  thumbUrl: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  stock: z.number().int(),
  maxCount: z.number().int().nullable(),
  self: z.boolean(),
  supplierId: id,
  supplierCode: z.string(),
  supplierName: z.string(),
});
export type ImportSku = z.infer<typeof importSkuSchema>;

/**
 * One row of the sheet as checked. `status`: `ok` (may be added), `problem` (`reasons` say why),
 * or `merged` (the code was listed before: its count went to row `mergedInto`).
 */
export const importRowSchema = z.object({
  /** The row's number in the sheet (the header is row 1 when it is the first row). */
  row: z.number().int(),
  code: z.string(),
  /** The count as written in the sheet. */
  countText: z.string(),
  /** The count to add (merged rows' counts added up); null when it is not a whole number from 1. */
  count: z.number().int().nullable(),
  note: z.string(),
  status: z.enum(['ok', 'problem', 'merged']),
  reasons: z.array(z.string()),
  /** Said of a row that took the counts of the same code listed further down. */
  notice: z.string().nullable(),
  mergedInto: z.number().int().nullable(),
  sku: importSkuSchema.nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCheckSchema = z.object({
  fileName: z.string(),
  rows: z.array(importRowSchema),
  summary: z.object({
    rows: z.number().int(),
    matched: z.number().int(),
    problems: z.number().int(),
    merged: z.number().int(),
  }),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

/** POST IMPORT_PROBLEMS_PATH: the rows to write back as a sheet, each with its reason. */
const cell = z.string().max(IMPORT_CELL_MAX * 2, `must be at most ${IMPORT_CELL_MAX * 2} characters`);
export const importProblemsSchema = z.object({
  rows: z
    .array(z.object({ code: cell, count: cell, note: cell, reason: z.string().max(2000) }))
    .min(1, 'choose at least one row')
    .max(IMPORT_ROWS_MAX, `at most ${IMPORT_ROWS_MAX} rows`),
});
export type ImportProblems = z.infer<typeof importProblemsSchema>;
