import { z } from 'zod';
import { TERMS_KEYS } from '../../terms.ts';
import { bannerPositionSchema, INTRODUCE_ICONS } from '../content.ts';
import { rowId } from '../row-id.ts';

/**
 * The back office's content calls (`/api/admin/content/...`, docs/back-office-content.md): what the
 * server validates and answers, and the web reads.
 */

/** Where a section of goods shows: 1 home, 2 recommendations page, 3 goods detail. */
export const RECOMMEND_PLACEMENTS = [1, 2, 3] as const;
export type RecommendPlacement = (typeof RECOMMEND_PLACEMENTS)[number];
/** The most goods a section lists. */
export const SECTION_GOODS_MAX = 48;

const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, min ? 'is required' : undefined)
    .max(max, `is at most ${max} characters`);
const sort = z.number().int('must be a whole number').min(-1_000_000).max(1_000_000);
/** Where a banner or link goes: a path of this shop (`/...`) or a full https address; or nothing. */
const target = z
  .string()
  .trim()
  .max(500, 'is at most 500 characters')
  .refine((v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v), {
    message: 'is a path of this shop (starting with /) or an https:// address',
  });
const picture = target.refine((v) => v !== '', { message: 'is required' });
const when = z.iso.datetime({ offset: true, error: 'is a date and time' }).nullable();
const key = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'is 1 to 40 lower-case letters, digits or dashes');
const windowOk = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || new Date(b.startsAt) < new Date(b.endsAt);
const windowRefusal = { message: 'must be after the start', path: ['endsAt'] };
/**
 * A PATCH body of `fields`: each field optional and without its default, so a change names only
 * what it changes (zod's own `.partial()` would still fill in the defaults).
 */
const patchOf = <S extends z.ZodRawShape>(fields: z.ZodObject<S>) =>
  z.object(
    Object.fromEntries(
      Object.entries(fields.shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  ) as unknown as ReturnType<z.ZodObject<S>['partial']>;
const someChange = (b: object) => Object.keys(b).length > 0;
const noChange = { message: 'Give at least one field to change.' };
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

export const pictureAnswer = z.object({ url: z.string() });

export type BannerFields = z.infer<typeof bannerFields>;
export type Banner = z.infer<typeof bannerSchema>;
export const bannerBody = bannerFields.refine(windowOk, windowRefusal);
export const bannerChangeBody = patchOf(bannerFields)
  .refine(someChange, noChange)
  .refine(windowOk, windowRefusal);
export type BannerChange = z.input<typeof bannerChangeBody>;

export type LinkFields = z.infer<typeof linkFields>;
export type Link = z.infer<typeof linkSchema>;
export const linkChangeBody = patchOf(linkFields).refine(someChange, noChange);
export type LinkChange = z.input<typeof linkChangeBody>;
export const linkRemovedAnswer = z.object({ subLinksDeleted: z.number().int() });

export type GroupFields = z.infer<typeof groupFields>;
export type PageGroupRow = z.infer<typeof groupSchema>;
export const groupChangeBody = patchOf(groupFields).refine(someChange, noChange);
export type GroupChange = z.input<typeof groupChangeBody>;

export type PageFields = z.infer<typeof pageFields>;
export type ServicePage = z.infer<typeof pageSchema>;
export const pageChangeBody = patchOf(pageFields).refine(someChange, noChange);
export type PageChange = z.input<typeof pageChangeBody>;
/** Every group of service pages with its pages, without their text (`GET /admin/content/pages`). */
export const pageGroupSchema = groupSchema.extend({ pages: z.array(pageSchema.omit({ content: true })) });
export type PageGroup = z.infer<typeof pageGroupSchema>;

export type Keyword = z.infer<typeof keywordSchema>;
export const keywordsQuery = z.object({ q: z.string().max(100).default('') });
export const keywordBody = z
  .object({
    keyword: text(100, 1),
    pinned: z.number().int('must be a whole number').min(1).max(100).nullable().optional(),
    hidden: z.boolean().optional(),
  })
  .refine((b) => b.pinned !== undefined || b.hidden !== undefined, noChange);
export type KeywordChange = z.input<typeof keywordBody>;

export type TermsBody = z.input<typeof termsBody>;

export type SectionFields = z.infer<typeof sectionFields>;
export type Section = z.infer<typeof sectionSchema>;
export const sectionChangeBody = patchOf(sectionFields).refine(someChange, noChange);
export type SectionChange = z.input<typeof sectionChangeBody>;
