import { bannerPositionSchema, INTRODUCE_ICONS } from '@mall/shared/contract/content';
import { rowId } from '@mall/shared/contract/row-id';
import { TERMS_KEYS } from '@mall/shared/terms';
import { z } from 'zod';
import { RECOMMEND_PLACEMENTS, SECTION_GOODS_MAX } from '../catalogue/index.ts';

/** The back office's content calls' shapes (docs/back-office-content.md), shared by their two route files. */

export const tags = ['back office'];

export const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, min ? 'is required' : undefined)
    .max(max, `is at most ${max} characters`);
export const sort = z.number().int('must be a whole number').min(-1_000_000).max(1_000_000);
/** Where a banner or link goes: a path of this shop (`/...`) or a full https address; or nothing. */
export const target = z
  .string()
  .trim()
  .max(500, 'is at most 500 characters')
  .refine((v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v), {
    message: 'is a path of this shop (starting with /) or an https:// address',
  });
export const picture = target.refine((v) => v !== '', { message: 'is required' });
export const when = z.iso.datetime({ offset: true, error: 'is a date and time' }).nullable();
export const key = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'is 1 to 40 lower-case letters, digits or dashes');
export const windowOk = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || new Date(b.startsAt) < new Date(b.endsAt);
export const windowRefusal = { message: 'must be after the start', path: ['endsAt'] };
/**
 * A PATCH body of `fields`: each field optional and without its default, so a change names only
 * what it changes (zod's own `.partial()` would still fill in the defaults).
 */
export const patchOf = <S extends z.ZodRawShape>(fields: z.ZodObject<S>) =>
  z.object(
    Object.fromEntries(
      Object.entries(fields.shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  ) as unknown as ReturnType<z.ZodObject<S>['partial']>;
export const someChange = (b: object) => Object.keys(b).length > 0;
export const noChange = { message: 'Give at least one field to change.' };
export const dates = <T extends { startsAt?: string | null; endsAt?: string | null }>(b: T) => ({
  ...b,
  ...(b.startsAt === undefined ? {} : { startsAt: b.startsAt ? new Date(b.startsAt) : null }),
  ...(b.endsAt === undefined ? {} : { endsAt: b.endsAt ? new Date(b.endsAt) : null }),
});

export const bannerFields = z.object({
  position: bannerPositionSchema,
  title: text(100, 1),
  subtitle: text(200).default(''),
  imageUrl: picture,
  linkUrl: target.default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  startsAt: when.default(null),
  endsAt: when.default(null),
});
export const bannerSchema = bannerFields.extend({
  id: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

export const linkFields = z.object({
  placement: z.enum(['up', 'down']),
  parentId: rowId.nullable().default(null),
  key,
  name: text(40, 1),
  title: text(100).default(''),
  linkUrl: target.default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
export const linkSchema = linkFields.extend({ id: z.number().int(), parentId: z.number().int().nullable() });

export const groupFields = z.object({
  placement: z.enum(['app', 'main']),
  name: text(60, 1),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
export const groupSchema = groupFields.extend({ id: z.number().int() });

export const pageFields = z.object({
  groupId: rowId,
  key,
  title: text(100, 1),
  summary: text(300).default(''),
  icon: z.enum(['', ...INTRODUCE_ICONS]).default(''),
  content: z.string().max(100_000, 'is at most 100,000 characters'),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
export const pageSchema = pageFields.extend({
  id: z.number().int(),
  groupId: z.number().int(),
  icon: z.string(),
  updatedAt: z.string(),
});

export const keywordSchema = z.object({
  keyword: z.string(),
  searchCount: z.number().int(),
  resultCount: z.number().int(),
  pinned: z.number().int().nullable(),
  hidden: z.boolean(),
});

export const termsParams = z.object({ key: z.enum(TERMS_KEYS) });
export const termsBody = z.object({
  sections: z
    .array(
      z.object({
        id: key,
        title: text(100, 1),
        html: z.string().max(50_000, 'is at most 50,000 characters'),
      }),
    )
    .min(1, 'needs at least one section')
    .max(40, 'has at most 40 sections')
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, {
      message: 'gives each section its own id',
    }),
});

export const sectionFields = z.object({
  placement: z.union(RECOMMEND_PLACEMENTS.map((p) => z.literal(p))),
  title: text(60, 1),
  subtitle: text(120).default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  goodsIds: z.array(rowId).max(SECTION_GOODS_MAX, `lists at most ${SECTION_GOODS_MAX} goods`).default([]),
});
export const sectionSchema = sectionFields.extend({
  id: z.number().int(),
  placement: z.number().int(),
  goodsIds: z.array(z.number().int()),
  goods: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The back office's content calls (docs/back-office-content.md): owner and catalogue roles. */
