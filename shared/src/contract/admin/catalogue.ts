import { z } from 'zod';
import { pageOf } from '../../envelope.ts';
import { rowId, rowIdParam } from '../row-id.ts';
import { adminPageQuery } from './page.ts';

/**
 * The back office's catalogue and stock calls (`/api/admin/goods`, `/api/admin/stock`;
 * docs/back-office-catalogue.md): what the server validates and answers, and the web reads.
 */

const CENTS_MAX = 100_000_000;
const cents = (min: number) =>
  z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(min, min > 0 ? 'must be more than 0' : 'must not be negative')
    .max(CENTS_MAX, 'is more than $1,000,000');

const text = (max: number) =>
  z.string({ error: 'must be text' }).trim().max(max, `is at most ${max} characters`);
const optionName = text(20).min(1, 'is required');
const isoTime = z.iso.datetime({ offset: true, error: 'must be a date and time' });

/** At most this many pictures a good. */
export const GOOD_PICTURES_MAX = 12;

const promotionSchema = z
  .object({ priceCents: cents(1), startsAt: isoTime, endsAt: isoTime })
  .refine((p) => Date.parse(p.startsAt) < Date.parse(p.endsAt), {
    message: 'must end after it starts',
    path: ['endsAt'],
  });

const skuSchema = z
  .object({
    id: rowId.optional(),
    code: z
      .string({ error: 'must be text' })
      .trim()
      .toUpperCase()
      .max(40, 'is at most 40 characters')
      .regex(/^([A-Z0-9]+(-[A-Z0-9]+)*)?$/, 'is letters, digits and dashes')
      .optional(),
    options: z.record(optionName, text(40).min(1, 'is required')),
    retailCents: cents(1),
    wholesaleCents: cents(0),
    clubCents: cents(0),
    maxCount: z
      .number({ error: 'must be a whole number' })
      .int()
      .min(1, 'must be at least 1')
      .max(10_000)
      .nullable(),
    promotions: z.array(promotionSchema).max(20, 'at most 20 promotions a SKU'),
  })
  .refine((s) => s.wholesaleCents <= s.retailCents, {
    message: 'must not be more than retail',
    path: ['wholesaleCents'],
  })
  .refine((s) => s.clubCents <= s.retailCents, {
    message: 'must not be more than retail',
    path: ['clubCents'],
  })
  .refine((s) => s.promotions.every((p) => p.priceCents <= s.retailCents), {
    message: 'a promotion price must not be more than retail',
    path: ['promotions'],
  });

/** A good as the editor sends it (`POST /admin/goods`, `PUT /admin/goods/{id}`). */
export const goodInputSchema = z
  .object({
    name: text(200).min(2, 'is at least 2 characters'),
    brand: text(80),
    categoryId: rowId,
    supplierId: rowId,
    description: z.string({ error: 'must be text' }).max(50_000, 'is at most 50,000 characters'),
    pictures: z
      .array(
        z
          .string({ error: 'must be text' })
          .max(300, 'is too long')
          .regex(/^\/uploads\//, 'must be an uploaded picture'),
      )
      .max(GOOD_PICTURES_MAX, 'at most 12 pictures'),
    optionNames: z.array(optionName).max(3, 'at most 3 options'),
    skus: z.array(skuSchema).min(1, 'a good needs at least one SKU').max(100, 'at most 100 SKUs'),
  })
  .superRefine((g, ctx) => {
    if (new Set(g.optionNames).size !== g.optionNames.length)
      ctx.addIssue({ code: 'custom', path: ['optionNames'], message: 'must differ from each other' });
    const combos = new Set<string>();
    const codes = new Set<string>();
    for (const [i, s] of g.skus.entries()) {
      const keys = Object.keys(s.options);
      if (keys.length !== g.optionNames.length || !g.optionNames.every((n) => keys.includes(n)))
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'options'],
          message: 'must give a value for each option',
        });
      const combo = JSON.stringify(g.optionNames.map((n) => s.options[n]));
      if (combos.has(combo))
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'options'],
          message: 'two SKUs have the same options',
        });
      combos.add(combo);
      if (s.code) {
        if (codes.has(s.code))
          ctx.addIssue({ code: 'custom', path: ['skus', i, 'code'], message: 'is used twice' });
        codes.add(s.code);
      }
    }
  });
/** What the editor sends. */
export type GoodInput = z.input<typeof goodInputSchema>;
/** What the server works with once it is checked (codes upper case, text trimmed). */
export type CheckedGoodInput = z.infer<typeof goodInputSchema>;
export type SkuInput = z.infer<typeof skuSchema>;

/** A good as the editor shows it (`GET /admin/goods/{id}`, and every change's answer). */
export const adminGoodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  categoryId: z.number().int(),
  supplierId: z.number().int(),
  description: z.string(),
  pictures: z.array(z.string()),
  optionNames: z.array(z.string()),
  published: z.boolean(),
  skus: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      options: z.record(z.string(), z.string()),
      retailCents: z.number().int(),
      wholesaleCents: z.number().int(),
      clubCents: z.number().int(),
      maxCount: z.number().int().nullable(),
      promotions: z.array(
        z.object({ priceCents: z.number().int(), startsAt: z.string(), endsAt: z.string() }),
      ),
    }),
  ),
});
export type AdminGood = z.infer<typeof adminGoodSchema>;

/** The goods list's filters and page (`GET /admin/goods`). */
export const goodsListQuery = adminPageQuery.extend({
  q: text(100).optional(),
  categoryId: rowIdParam.optional(),
  supplierId: rowIdParam.optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type GoodsListQuery = z.infer<typeof goodsListQuery>;

export const adminGoodsRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  thumbUrl: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  published: z.boolean(),
  retailCents: z.number().int(),
  skuCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminGoodsRow = z.infer<typeof adminGoodsRowSchema>;

/** A page of goods; `totalCapped`: the total stops at the cap and there are more. */
export const goodsPageSchema = pageOf(adminGoodsRowSchema).extend({ totalCapped: z.boolean() });
export type GoodsPage = z.infer<typeof goodsPageSchema>;

/** What the goods forms offer (`GET /admin/goods/choices`). */
export const goodsChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), path: z.string() })),
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
  organisations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GoodsChoices = z.infer<typeof goodsChoicesSchema>;

export const publishBody = z.object({ published: z.boolean({ error: 'must be true or false' }) });

export const pictureAnswer = z.object({ url: z.string() });

/** A SKU by its code (`GET /admin/stock`). */
export const stockQuery = z.object({
  code: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(40, 'is at most 40 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'is letters, digits and dashes'),
});

/** A SKU's units at every organisation that keeps stock. */
export const skuStockSchema = z.object({
  skuId: z.number().int(),
  code: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  label: z.string(),
  stock: z.array(z.object({ orgId: z.number().int(), orgName: z.string(), units: z.number().int() })),
});
export type SkuStock = z.infer<typeof skuStockSchema>;

/** Sets or adjusts a SKU's units at an organisation (`POST /admin/stock`). */
export const stockChangeBody = z
  .object({
    skuId: rowId,
    orgId: rowId,
    mode: z.enum(['set', 'adjust'], { error: 'must be set or adjust' }),
    units: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(-1_000_000, 'is too many')
      .max(1_000_000, 'is too many'),
    reason: text(200).min(3, 'say why, in at least 3 characters'),
  })
  .refine((b) => b.mode === 'adjust' || b.units >= 0, { message: 'must not be negative', path: ['units'] });
export type StockChangeInput = z.input<typeof stockChangeBody>;

export const stockChangeAnswer = z.object({ before: z.number().int(), after: z.number().int() });
export type StockChangeAnswer = z.infer<typeof stockChangeAnswer>;

/** A SKU's stock changes, a page at a time (`GET /admin/stock/history`). */
export const stockHistoryQuery = adminPageQuery.extend({ skuId: rowIdParam });
export type StockHistoryQuery = z.infer<typeof stockHistoryQuery>;

export const stockHistoryRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  before: z.number().int(),
  after: z.number().int(),
  reason: z.string(),
});
export type StockHistoryRow = z.infer<typeof stockHistoryRowSchema>;
export const stockHistoryPageSchema = pageOf(stockHistoryRowSchema);
export type StockHistoryPage = z.infer<typeof stockHistoryPageSchema>;
