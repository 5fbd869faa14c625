import { rowId, rowIdParam } from '@mall/shared/contract/row-id';
import { z } from 'zod';

/** What the back office's catalogue and stock calls accept and answer (docs/back-office-catalogue.md). */

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
      .max(12, 'at most 12 pictures'),
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

export const goodsListQuery = z.object({
  q: text(100).optional(),
  categoryId: rowIdParam.optional(),
  supplierId: rowIdParam.optional(),
  published: z.enum(['true', 'false']).optional(),
  page: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100).default(20),
});

export const publishBody = z.object({ published: z.boolean({ error: 'must be true or false' }) });

export const stockQuery = z.object({
  code: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(40, 'is at most 40 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'is letters, digits and dashes'),
});

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

export const stockHistoryQuery = z.object({
  skuId: rowIdParam,
  page: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100).default(20),
});
