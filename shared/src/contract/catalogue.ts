import { z } from 'zod';
import { rowIdParam } from './row-id.ts';

/**
 * The catalogue contract (docs/calls.md: catalogue and search): categories, goods, SKUs, search, suggestions,
 * hot keywords, promotion prices and recommendations. Amounts are NZD, GST-inclusive,
 * JSON numbers with at most two decimals.
 */

/** A category node (id, name, pictureUrl, children). Three levels deep. */
export interface CategoryNode {
  id: number;
  name: string;
  pictureUrl: string | null;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  get children() {
    return z.array(categoryNodeSchema);
  },
});

export const categoryCrumbSchema = z.object({ id: z.number().int(), name: z.string() });
export type CategoryCrumb = z.infer<typeof categoryCrumbSchema>;

/** One category with its subtree and its path from the top level (for breadcrumbs). */
export const categoryDetailSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  level: z.number().int().min(1).max(3),
  children: z.array(categoryNodeSchema),
  /** From the top-level category down to and including this one. */
  path: z.array(categoryCrumbSchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

/** The home page's category hero: featured categories with a picture and how many goods they hold. */
export const categoryHeroItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  goodsCount: z.number().int(),
});
export type CategoryHeroItem = z.infer<typeof categoryHeroItemSchema>;
export const categoryHeroQuery = z.object({
  /** Featured children of this category; without it, featured categories across the shop. */
  parentId: rowIdParam.optional(),
  limit: z.coerce.number().int().min(1).max(48).default(12),
});

/** A good as it appears in a list or grid (at least id, name, price, thumbUrl, supplierId, self: docs/calls.md). */
export const goodsCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The price this shopper pays now: retail, wholesale or club price, or a running promotion when lower. */
  price: z.number(),
  /** The retail price, shown struck through, when `price` is lower than it; otherwise null. */
  originalPrice: z.number().nullable(),
  thumbUrl: z.string(),
  supplierId: z.number().int(),
  supplierCode: z.string(),
  supplierName: z.string(),
  self: z.boolean(),
  /** True while a promotion sets the price. */
  onPromotion: z.boolean(),
  sales: z.number().int(),
  /** Units in stock across the good's SKUs at the shopper's organisation. */
  stock: z.number().int(),
});
export type GoodsCard = z.infer<typeof goodsCardSchema>;

export const SEARCH_SORTS = ['relevance', 'priceAsc', 'priceDesc', 'sales', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** GET /api/org/sale/good/search. `keyword=all` (or none) means every good. */
export const goodsSearchQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  supplier: z.string().trim().max(32).optional(),
  categoryId: rowIdParam.optional(),
  priceMin: z.coerce.number().min(0).optional(),
  priceMax: z.coerce.number().min(0).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type GoodsSearchQuery = z.input<typeof goodsSearchQuery>;

export const facetCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
});
export const facetSupplierSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

export const goodsSearchResultSchema = z.object({
  records: z.array(goodsCardSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    /** Top-level categories, or the children of `categoryId` when one is chosen. */
    categories: z.array(facetCategorySchema),
    suppliers: z.array(facetSupplierSchema),
  }),
  /** When nothing matched: keywords the shopper may have meant (at most 10). Otherwise empty. */
  suggestions: z.array(z.string()),
});
export type GoodsSearchResult = z.infer<typeof goodsSearchResultSchema>;

/** A SKU of a good: one combination of its options (colour, size, pack). */
export const skuSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  /** The SKU code a buyer lists in an order import (docs/order-import.md). */
  code: z.string(),
  /** The barcode (GTIN), when known. */
  gtin: z.string().nullable(),
  /** e.g. { colour: 'Navy', size: 'M' } or { pack: '6 x 250 g' }. */
  options: z.record(z.string(), z.string()),
  price: z.number(),
  originalPrice: z.number().nullable(),
  onPromotion: z.boolean(),
  /** When the running promotion ends (ISO), or null. */
  promotionEndsAt: z.string().nullable(),
  /** Units in stock at the shopper's organisation. */
  stock: z.number().int(),
  /** Purchase limit per order (spec: maxCount); null when there is none. */
  maxCount: z.number().int().nullable(),
  pictureUrl: z.string().nullable(),
});
export type Sku = z.infer<typeof skuSchema>;

/** The option names of a good in display order with their values, e.g. Colour: Navy, Red. */
export const skuOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

export const goodsDetailSchema = goodsCardSchema.extend({
  pictures: z.array(z.string()),
  /** Sanitised HTML. */
  description: z.string(),
  categoryPath: z.array(categoryCrumbSchema),
  options: z.array(skuOptionSchema),
  skus: z.array(skuSchema),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

/** GET /api/promotion/org/prom/price?skuIds=1,2,3: the promotion prices running now. */
export const promotionPriceQuery = z.object({
  skuIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'a comma-separated list of up to 100 SKU ids')
    .transform((s) => s.split(',').map(Number))
    .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'a comma-separated list of up to 100 SKU ids'),
});
export const promotionPriceSchema = z.object({
  skuId: z.number().int(),
  price: z.number(),
  originalPrice: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type PromotionPrice = z.infer<typeof promotionPriceSchema>;

/**
 * GET /api/hot/recommend/app/{id}: the recommendation blocks of one placement, in display
 * order; each block is a named list of goods chosen by the shop (or by sales).
 */
export const RECOMMEND_PLACEMENT = { home: 1, recommendPage: 2, goodsDetail: 3 } as const;
export const recommendationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  goods: z.array(goodsCardSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationListSchema = z.array(recommendationSchema);

/** Suggestions (legacy helper /search/keyword/query): at most 10 keywords. */
export const SUGGESTIONS_LIMIT = 10;
export const suggestionsSchema = z.array(z.string()).max(SUGGESTIONS_LIMIT);
/** GET /api/search/keyword/hot: the most searched keywords, most searched first. */
export const hotKeywordsSchema = z.array(z.string());
