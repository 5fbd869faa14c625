import { z } from 'zod';
import { CART_LINES_MAX, SKU_LINES_PATH } from '../constants.ts';
import { rowId as id } from './row-id.ts';

/**
 * The cart (docs/cart.md: a cart line; the calls in docs/calls.md). `id` is the cart line; `skuId` and
 * `goodsId` name what it holds. Every answer carries the current price (the member's), stock,
 * limit and supplier of each line, newest first.
 */
export const CART_COUNT_MAX = 9999;
export { CART_LINES_MAX };

const linesMax = `at most ${CART_LINES_MAX} lines`;
const count = z
  .number()
  .int()
  .min(1, 'must be at least 1')
  .max(CART_COUNT_MAX, `must be at most ${CART_COUNT_MAX}`);

export const cartItemSchema = z.object({
  id,
  skuId: id,
  goodsId: id,
  /** The SKU code (docs/order-import.md). */
  skuCode: z.string(),
  name: z.string(),
  /** The SKU's options in words, e.g. "Navy / M"; empty when the good has none. */
  skuLabel: z.string(),
  price: z.number(),
  /** The price before a member or promotion price, when higher; else null. */
  originalPrice: z.number().nullable(),
  count: z.number().int(),
  maxCount: z.number().int().nullable(),
  stock: z.number().int(),
  checked: z.boolean(),
  thumbUrl: z.string(),
  self: z.boolean(),
  supplierId: id,
  supplierCode: z.string(),
  supplierName: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.array(cartItemSchema);

/** POST /api/cart/app/add */
export const cartAddSchema = z.object({ skuId: id, count });
export type CartAdd = z.infer<typeof cartAddSchema>;

/** PUT /api/cart/count */
export const cartCountSchema = z.object({ id, count });
/** PUT /api/cart/check: one line, or several (a supplier group, or all) at once. */
export const cartCheckSchema = z.object({
  id: z.union([id, z.array(id).min(1).max(CART_LINES_MAX, linesMax)]),
  checked: z.boolean(),
});

/** A line of a guest's local cart, as POST /api/cart/sync and /api/cart/batch/add take it. */
export const cartLineInputSchema = z.object({ skuId: id, count, checked: z.boolean().optional() });
export const cartLinesSchema = z.array(cartLineInputSchema).max(CART_LINES_MAX, linesMax);
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/**
 * POST /api/cart/sync and /api/cart/batch/add: the merged cart, and each line that could not go
 * in whole (limit, stock, mixing rule, gone), with how many did — nothing is dropped silently.
 */
export const cartMergeResultSchema = z.object({
  items: cartSchema,
  problems: z.array(
    z.object({
      skuId: id,
      name: z.string(),
      requested: z.number().int(),
      added: z.number().int(),
      message: z.string(),
    }),
  ),
});
export type CartMergeResult = z.infer<typeof cartMergeResultSchema>;

/**
 * POST /api/org/sale/good/skus/lines (anyone): what a cart line shows of each SKU asked for, for
 * the shopper asking — one call refreshes a whole guest cart (docs/cart.md: guest cart). A SKU
 * that no longer exists is left out; one no longer sold has `available` false and stock 0.
 */
export { SKU_LINES_PATH };
export const skuLinesQuerySchema = z.object({
  skuIds: z.array(id).min(1, 'choose at least one SKU').max(CART_LINES_MAX, linesMax),
});
export const skuLineSchema = cartItemSchema
  .omit({ id: true, count: true, checked: true })
  .extend({ available: z.boolean() });
export type SkuLine = z.infer<typeof skuLineSchema>;
